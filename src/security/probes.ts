/** Folder names scanners try on every site; no page of this site uses them. */
const PROBED_FOLDERS = /^\/(wp-[^/]*|cgi-bin|phpmyadmin|pma|vendor|xmlrpc|administrator)(\/|$)/i;
/** Server-side scripts, configuration, backups and dumps: what a scanner hopes to find. */
const PROBED_FILES =
  /\.(php\d?|aspx?|jsp|cgi|pl|env|ini|conf|config|cfg|ya?ml|toml|sql|sqlite|db|bak|old|orig|swp|log|sh|tar|gz|tgz|zip|rar|7z)$/i;

/**
 * True for a path that only a scanner asks for: a dot segment (/.env,
 * /.git/config), a script, configuration or backup file (/wp-login.php,
 * /backup.sql), or a folder that WordPress and other server software use.
 * Real static files are answered before the Worker runs.
 *
 * @example isProbePath('/.git/config') // true
 */
export function isProbePath(path: string): boolean {
  return /\/\./.test(path) || PROBED_FILES.test(path) || PROBED_FOLDERS.test(path);
}

/**
 * True for the address of a file rather than a page: under the build's or the images' folder, or a last
 * segment with a file extension (/favicon.ico, /apple-touch-icon-precomposed.png, /main.js.map).
 *
 * @example isFilePath('/apple-touch-icon-precomposed.png') // true
 */
export function isFilePath(path: string): boolean {
  return /^\/(assets|images|thumbs)\//.test(path) || /\.[a-z0-9]{1,12}$/i.test(path.split('/').pop() ?? '');
}

// The Node this project needs, checked before a script does anything else.
// Written for old Nodes too: it must be able to say that the Node running it is too old.
export const MIN_NODE = [22, 12];

/** True when a version string like '22.12.0' or 'v20.20.2' is at least MIN_NODE. */
export function isRecentNode(version) {
  const [major, minor] = version.replace(/^v/, '').split('.').map(Number);
  return major > MIN_NODE[0] || (major === MIN_NODE[0] && minor >= MIN_NODE[1]);
}

export function tooOldMessage(version, where) {
  return [
    `This project needs Node ${MIN_NODE.join('.')} or newer; ${where} is Node ${version}.`,
    `No bundled Node is installed for ${process.platform}-${process.arch}: install Node 22 LTS or newer`,
    '(nodejs.org, your package manager, nvm or fnm), then run `npm install` again.',
  ].join('\n');
}

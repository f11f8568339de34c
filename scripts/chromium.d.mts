/** The Chromium executable found (CHROMIUM_PATH, else /usr/bin/chromium, else Playwright's own), or undefined. */
export declare const CHROMIUM_PATH: string | undefined;
/** Why no Chromium was found, with how to install one; undefined when one was. */
export declare const CHROMIUM_PROBLEM: string | undefined;
/** The executable, or throws CHROMIUM_PROBLEM. */
export declare function requireChromium(): string;
export declare const CHROMIUM_ARGS: string[];

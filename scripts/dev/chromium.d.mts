/** The Chromium executable found (CHROMIUM_PATH, else /usr/bin/chromium, else Playwright's own), or undefined. */
export declare const CHROMIUM_PATH: string | undefined;
/** The e2e suite's Chromium: CHROMIUM_PATH when set, else the system's headless shell when present, else CHROMIUM_PATH's choice. */
export declare const E2E_CHROMIUM_PATH: string | undefined;
/** Why no Chromium was found, with how to install one; undefined when one was. */
export declare const CHROMIUM_PROBLEM: string | undefined;
/** The executable, or throws CHROMIUM_PROBLEM. */
export declare function requireChromium(): string;
export declare const CHROMIUM_ARGS: string[];

// Types for turnstile-rules.mjs, so the workerd stand-in (TypeScript) can import it.
export declare const PASS_SECRET: string;
export declare const FAIL_SECRET: string;
export declare const PASS_SITE_KEY: string;
export declare const DUMMY_TOKEN: string;
export interface SiteverifySettings {
  secret?: string;
  hostname?: string;
  action?: string;
}
export declare function createSiteverify(): {
  calls: { secret: string; response: string; remoteip: string | null }[];
  handle(request: Request, settings?: SiteverifySettings): Promise<Response>;
};

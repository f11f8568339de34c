// Types for access.mjs.
export declare const ACCESS_AUD: string;

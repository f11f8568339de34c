export declare function bareReactGzipBytes(): Promise<number>;

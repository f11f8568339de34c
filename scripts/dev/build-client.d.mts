export declare function buildClient(options?: { quiet?: boolean; outdir?: string; writeManifest?: boolean }): Promise<{
  manifest: {
    entry: string;
    css: string;
    boot: string;
  };
  metafile: unknown;
  files?: string[];
}>;
/** Rebuilds the bundle and the manifest on every change to a file it is built from; resolves to a stop function. */
export declare function watchClient(): Promise<() => Promise<void>>;

export declare function buildClient(options?: { quiet?: boolean; outdir?: string; writeManifest?: boolean }): Promise<{
  manifest: { entry: string; css: string; preload: string[] };
  metafile: unknown;
  files?: string[];
}>;

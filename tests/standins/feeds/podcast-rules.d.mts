export type PodcastMode = 'ok' | 'absent' | 'error' | 'timeout';
export declare const FIXTURE_HOST: string;
export declare const FIXTURE_NEWEST: string[];
export declare function createPodcast(feedXml: string): {
  handle(request: Request, settings: { mode?: PodcastMode }, path: string, base: string): Promise<Response>;
};

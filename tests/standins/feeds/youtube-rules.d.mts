// Types for youtube-rules.mjs, so the workerd stand-in (TypeScript) can import it.
export type YoutubeMode = 'ok' | 'error' | 'timeout' | 'empty';
export interface YoutubeSettings {
  mode?: YoutubeMode;
  failPlaylists?: string[];
  delayMs?: number;
}
export interface YoutubeContent {
  /** The channel's feed, or undefined when there is no such channel. */
  channel(id: string): string | undefined;
  /** The playlist's feed, or undefined when there is no such playlist. */
  playlist(id: string): string | undefined;
  thumbnail(id: string): { type: string; body: string | Uint8Array<ArrayBuffer> };
}
export declare function feed(entries: string[]): string;
export declare function createYoutube(content: YoutubeContent): {
  handle(request: Request, settings?: YoutubeSettings, path?: string): Promise<Response>;
};

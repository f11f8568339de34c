export declare const PHOTO_MEDIA_ID: string;
export declare const VOICE_MEDIA_ID: string;

export interface MediaEntry {
  mime_type: string;
  bytes: Uint8Array;
  /** What Graph reports as file_size, if not the bytes' length. */
  file_size?: number;
}

export interface MediaLibrary {
  media: Record<string, MediaEntry>;
  expireUrls: number;
  issued: number;
  expired: string[];
}

export declare function mediaLibrary(): MediaLibrary;
export declare function isMediaRequest(method: string, path: string, library: MediaLibrary): boolean;
export declare function answerMedia(
  req: { method: string; path: string; authorization: string | undefined },
  expect: { tokens: string[]; expiredTokens?: string[] },
  library: MediaLibrary,
  base: string,
): Promise<
  | { status: number; json: unknown; bytes?: undefined; type?: undefined }
  | { status: number; bytes: Uint8Array; type: string; json?: undefined }
  | null
>;

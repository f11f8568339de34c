import type { Env } from '../../env';
import { hex } from '../keyed-hash';

/** The kinds of attachment a visitor can send (Meta's message type names). */
export const MEDIA_KINDS = ['image', 'audio', 'video', 'document', 'sticker'] as const;
export type MediaKind = (typeof MEDIA_KINDS)[number];

/** The largest attachment kept: anything bigger is refused (by Meta's file_size, then by counting bytes). */
export const MAX_MEDIA_BYTES = 16 * 1024 * 1024;

/**
 * The types WhatsApp sends, by kind; anything else is refused (a mime type's parameters, e.g. `; codecs=opus`,
 * are ignored when comparing).
 */
export const MEDIA_TYPES: Record<MediaKind, readonly string[]> = {
  image: ['image/jpeg', 'image/png'],
  sticker: ['image/webp'],
  audio: ['audio/aac', 'audio/amr', 'audio/mpeg', 'audio/mp4', 'audio/ogg'],
  video: ['video/mp4', 'video/3gp', 'video/3gpp'],
  document: [
    'text/plain',
    'application/pdf',
    'application/msword',
    'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    'application/vnd.ms-excel',
    'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    'application/vnd.ms-powerpoint',
    'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  ],
};

/** Whether `mimeType` is one WhatsApp sends for `kind`. */
export function allowedType(kind: MediaKind, mimeType: string): boolean {
  const base = mimeType.split(';')[0]!.trim().toLowerCase();
  return MEDIA_TYPES[kind].includes(base);
}

/** What an attachment's id looks like: 32 hex characters, random (anything else is no attachment). */
export const MEDIA_KEY = /^[0-9a-f]{32}$/;

/** A new attachment id: 16 random bytes as hex. */
export const newMediaKey = () => hex(crypto.getRandomValues(new Uint8Array(16)));

/** The R2 object of an attachment. */
export const objectKey = (key: string) => `whatsapp/${key}`;

export type MediaStatus = 'pending' | 'stored' | 'failed';

/** One attachment a visitor sent, as stored. */
export interface MediaItem {
  /** Our own random id (MEDIA_KEY). */
  key: string;
  /** The wamid of the message it came with. */
  messageId: string;
  /** The sender, as the message's `phone`. */
  phone: string;
  /** When the visitor sent it (ISO). */
  at: string;
  kind: MediaKind;
  /** Meta's media id (GET /{media-id}). */
  providerMediaId: string;
  mimeType?: string;
  filename?: string;
  voice: boolean;
  status: MediaStatus;
  /** Bytes, once stored. */
  size?: number;
  /** Why it could not be fetched (a code). */
  failure?: string;
}

export type NewMedia = Omit<MediaItem, 'status' | 'size' | 'failure'>;

/** How a fetch ended: stored with its size and served type, or failed with a code. */
export type MediaOutcome = { status: 'stored'; size: number; mimeType: string } | { status: 'failed'; failure: string };

/** The attachments' port, on the lead store (D1 locally, Firestore in production); both behave the same. */
export interface MediaStore {
  /** Records an attachment once per message (pending); a repeat answers the stored one and `created: false`. */
  add(item: NewMedia): Promise<{ created: boolean; item: MediaItem }>;
  /** One attachment by our id, or null. */
  get(key: string): Promise<MediaItem | null>;
  /** Records how the fetch ended. */
  settle(key: string, outcome: MediaOutcome): Promise<void>;
  /** Every attachment from a number, oldest first. */
  from(phone: string): Promise<MediaItem[]>;
  /** Deletes every attachment from a number; answers their ids. */
  erase(phone: string): Promise<string[]>;
  /** Deletes up to `limit` attachments sent before `before`; answers their ids. */
  pruneBefore(before: string, limit: number): Promise<string[]>;
}

/** The R2 bucket of attachments, or null where it is not bound (the health check reports that outside development). */
export function mediaBucket(env: Env): R2Bucket | null {
  return (env as { MEDIA?: R2Bucket }).MEDIA ?? null;
}

/** Deletes attachments' R2 objects (at most 1,000 keys a call). */
export async function deleteObjects(env: Env, keys: string[]): Promise<void> {
  const bucket = mediaBucket(env);
  if (!bucket) return;
  for (let i = 0; i < keys.length; i += 1000) await bucket.delete(keys.slice(i, i + 1000).map(objectKey));
}

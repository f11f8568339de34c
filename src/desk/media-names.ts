import { media as copy } from '../content/media';
import type { MediaItem } from '../store/media';

/** Inline for what the desk plays or shows; a document as an attachment under its name, made safe. */
export function disposition(item: Pick<MediaItem, 'kind' | 'filename'>): string {
  if (item.kind !== 'document') return 'inline';
  const name = safeFilename(item.filename);
  const ascii = name.replace(/[^\x20-\x7e]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/** A file name with no path, quotes, backslashes or control characters, at most 100 characters. */
export function safeFilename(name: string | undefined): string {
  const cleaned = Array.from(
    (name ?? '')
      .split(/[/\\]/)
      .pop()!
      .replace(/[\p{Cc}"';]/gu, '')
      .trim(),
  )
    .slice(0, 100)
    .join('')
    .replace(/^\.+/, '');
  return cleaned || copy.unnamed;
}

import { media as copy } from '../../words/media/media';
import type { MediaItem } from '../../store/media/media';

/** Inline for what the desk plays or shows; a document as an attachment under its name, made safe. */
export function disposition(item: Pick<MediaItem, 'kind' | 'filename'>): string {
  if (item.kind !== 'document') return 'inline';
  const name = safeFilename(item.filename);
  const ascii = name.replace(/[^\x20-\x7e]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/**
 * A file name with no path, quotes, backslashes, control characters or invisible format characters (bidi controls
 * such as U+202E, which would show `inv\u202Efdp.exe` as `invexe.pdf`; zero-width characters; line separators; a
 * lone surrogate), at most 100 characters: what the desk shows and a download is saved under.
 */
export function safeFilename(name: string | undefined): string {
  const cleaned = Array.from(
    (name ?? '')
      .split(/[/\\]/)
      .pop()!
      .replace(/[\p{Cc}\p{Cf}\p{Cs}\p{Zl}\p{Zp}"';]/gu, '')
      .trim(),
  )
    .slice(0, 100)
    .join('')
    .replace(/^\.+/, '');
  return cleaned || copy.unnamed;
}

import { media as copy } from '../../words/media/media';
import type { MediaItem } from '../../store/media/media';
import { safeFilename } from './media-names';

/**
 * A visitor's attachment in their conversation, served from /desk/media/:id: a photo inline in a fixed box (nothing
 * shifts as it loads), a sticker small, audio and video with the browser's player, a document as a download with
 * its name and size; "fetching…" while the queue fetches it and "could not be fetched" once it gave up. The
 * caption, if any, under it.
 */
export function MediaView({ media, caption }: { media: MediaItem; caption?: string }) {
  return (
    <figure className={`desk-media desk-media-${media.kind}`}>
      <MediaBody media={media} caption={caption} />
      {caption ? <figcaption className="desk-bubble-text">{caption}</figcaption> : null}
    </figure>
  );
}

function MediaBody({ media, caption }: { media: MediaItem; caption?: string }) {
  if (media.status === 'pending') return <p className="desk-media-status">{copy.fetching}</p>;
  if (media.status === 'failed') return <p className="desk-media-status desk-message-error">{copy.failed}</p>;
  const src = `/desk/media/${media.key}`;
  const label = copy.label[media.voice ? 'voice' : media.kind] ?? media.kind;
  switch (media.kind) {
    case 'image':
    case 'sticker': {
      const side = media.kind === 'image' ? 240 : 96;
      const alt = copy.alt[media.kind]!;
      return (
        <img
          className="desk-media-picture"
          src={src}
          width={side}
          height={side}
          alt={caption ? `${alt}: ${caption}` : alt}
        />
      );
    }
    case 'audio':
      return (
        <>
          <span className="desk-media-label">{label}</span>
          <audio controls preload="metadata" src={src} aria-label={label} />
        </>
      );
    case 'video':
      return <video className="desk-media-video" controls preload="metadata" src={src} width={320} height={240} />;
    default:
      return (
        <a className="desk-media-download" href={src} download={safeFilename(media.filename)}>
          {copy.download(safeFilename(media.filename), copy.size(media.size ?? 0))}
        </a>
      );
  }
}

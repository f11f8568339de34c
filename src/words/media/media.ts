/** What the desk, the owners' alerts and a person's export say about photos, voice notes and files visitors send. */
export const media = {
  /** An attachment not fetched from WhatsApp yet. */
  fetching: 'Fetching…',
  failed: 'Could not be fetched from WhatsApp.',
  notFound: 'No such file.',
  alt: { image: 'Photo they sent', sticker: 'Sticker they sent' } as Record<string, string>,
  label: { audio: 'Audio', voice: 'Voice note', video: 'Video', document: 'Document' } as Record<string, string>,
  /** A document's link: its name and size. */
  download: (name: string, size: string) => `Download ${name} (${size})`,
  /** The name a document without one is shown and saved under. */
  unnamed: 'document',
  size: (bytes: number) =>
    bytes < 1024
      ? `${bytes} B`
      : bytes < 1024 * 1024
        ? `${Math.round(bytes / 1024)} KB`
        : `${(bytes / (1024 * 1024)).toFixed(1)} MB`,
  /** The owners' alert for an attachment sent without a caption. */
  alert: (kind: string, voice: boolean): string =>
    voice
      ? 'sent a voice note'
      : ({
          image: 'sent a photo',
          audio: 'sent an audio message',
          video: 'sent a video',
          document: 'sent a document',
          sticker: 'sent a sticker',
        }[kind] ?? `sent a ${kind}`),
  /** The owners' alert for an attachment sent with a caption: what it is, then the caption. */
  alertWithCaption: (kind: string, voice: boolean, caption: string): string =>
    `${media.alert(kind, voice)}: ${caption}`,
} as const;

/**
 * The images the owners upload for the site (an episode's picture), kept in the media bucket (R2) under their
 * own prefix, apart from what visitors send on WhatsApp. An image is accepted by its bytes, never by its name or
 * the type the browser claims: PNG, JPEG, WebP or AVIF only (an SVG, a web page or a renamed file is refused),
 * at most MAX_IMAGE_BYTES. Its name is the SHA-256 of its bytes, so the same image is kept once and an address
 * never changes what it shows (served with a year's cache). No image holds anything about a visitor.
 */

/** The R2 prefix of the owners' images (visitors' attachments are under `whatsapp/`). */
export const SITE_IMAGE_PREFIX = 'site-images/';
/** The public path an uploaded image is served at: the value its field keeps. */
export const SITE_IMAGE_PATH = '/site-images/';
/** The largest image accepted. */
export const MAX_IMAGE_MB = 5;
export const MAX_IMAGE_BYTES = MAX_IMAGE_MB * 1024 * 1024;

/** The image kinds accepted, by the file name ending they are kept under. */
export const IMAGE_TYPES = {
  png: 'image/png',
  jpg: 'image/jpeg',
  webp: 'image/webp',
  avif: 'image/avif',
} as const;
export type ImageExt = keyof typeof IMAGE_TYPES;

/** A kept image's name: its SHA-256 as hex, then its kind. */
export const SITE_IMAGE_NAME = /^[0-9a-f]{64}\.(png|jpg|webp|avif)$/;

const ascii = (bytes: Uint8Array, from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));

/** The AVIF brands of an ISO-BMFF `ftyp` box (the major brand, then the compatible ones). */
function isAvif(bytes: Uint8Array): boolean {
  if (bytes.length < 16 || ascii(bytes, 4, 8) !== 'ftyp') return false;
  const size = Math.min(bytes.length, ((bytes[0]! << 24) | (bytes[1]! << 16) | (bytes[2]! << 8) | bytes[3]!) >>> 0);
  const brands = [ascii(bytes, 8, 12)];
  for (let at = 16; at + 4 <= size; at += 4) brands.push(ascii(bytes, at, at + 4));
  return brands.includes('avif') || brands.includes('avis');
}

/** The kind of image `bytes` are, by their first bytes (magic numbers), or null for anything else. */
export function imageKind(bytes: Uint8Array): ImageExt | null {
  const starts = (...sig: number[]) => bytes.length >= sig.length && sig.every((b, i) => bytes[i] === b);
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'png';
  if (starts(0xff, 0xd8, 0xff)) return 'jpg';
  if (bytes.length >= 12 && ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP') return 'webp';
  if (isAvif(bytes)) return 'avif';
  return null;
}

/** Keeps an image already checked by imageKind; answers its public path. */
export async function putSiteImage(bucket: R2Bucket, bytes: Uint8Array, ext: ImageExt): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes));
  const name = `${[...digest].map((b) => b.toString(16).padStart(2, '0')).join('')}.${ext}`;
  await bucket.put(SITE_IMAGE_PREFIX + name, bytes, { httpMetadata: { contentType: IMAGE_TYPES[ext] } });
  return SITE_IMAGE_PATH + name;
}

/** A kept image by its name, or null (an unknown or malformed name included). */
export async function getSiteImage(bucket: R2Bucket, name: string) {
  if (!SITE_IMAGE_NAME.test(name)) return null;
  const object = await bucket.get(SITE_IMAGE_PREFIX + name);
  return object ? { object, type: IMAGE_TYPES[name.split('.')[1] as ImageExt] } : null;
}

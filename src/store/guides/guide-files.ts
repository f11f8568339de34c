/**
 * The guides' PDF files (issue 59), kept in the media bucket (R2) under their own prefix and never served from a
 * public address: only a confirmed request's download link (`/guides/:token`) reads one. A file is accepted by its
 * bytes (a PDF starts with `%PDF-`), never by its name or the type the browser claims, at most MAX_GUIDE_BYTES. Its
 * name is the SHA-256 of its bytes, so the same file is kept once and a guide's file never changes under its name.
 */

/** The R2 prefix of the guides' files. */
export const GUIDE_FILE_PREFIX = 'guides/';
/** The largest file accepted: 10 MiB. */
export const MAX_GUIDE_MB = 10;
export const MAX_GUIDE_BYTES = MAX_GUIDE_MB * 1024 * 1024;

const SHA256 = /^[0-9a-f]{64}$/;
const PDF_MAGIC = [0x25, 0x50, 0x44, 0x46, 0x2d]; // %PDF-

/** Whether `bytes` are a PDF, by their first bytes. */
export const isPdf = (bytes: Uint8Array) =>
  bytes.length > PDF_MAGIC.length && PDF_MAGIC.every((b, i) => bytes[i] === b);

/** Keeps a file already checked by isPdf (and its size); answers what the guide's `file` field keeps. */
export async function putGuideFile(bucket: R2Bucket, bytes: Uint8Array): Promise<{ sha256: string; bytes: number }> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes));
  const sha256 = [...digest].map((b) => b.toString(16).padStart(2, '0')).join('');
  await bucket.put(GUIDE_FILE_PREFIX + `${sha256}.pdf`, bytes, {
    httpMetadata: { contentType: 'application/pdf' },
  });
  return { sha256, bytes: bytes.byteLength };
}

/** A kept file by its SHA-256, or null (an unknown or malformed name included). */
export async function getGuideFile(bucket: R2Bucket, sha256: string): Promise<R2ObjectBody | null> {
  if (!SHA256.test(sha256)) return null;
  return bucket.get(`${GUIDE_FILE_PREFIX}${sha256}.pdf`);
}

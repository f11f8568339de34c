/**
 * The images and the guides' PDFs a part's form uploads (a file field `<image field>.upload` beside the image's address): each is
 * checked by its bytes and its size, kept in the media bucket, and its public path becomes the image field's
 * value. A refused file changes nothing (the address stays what it was) and says why by its field.
 */
import { deskContent as copy } from '../../words/site-content/desk-content';
import { logEvent } from '../../log';
import { MAX_IMAGE_BYTES, MAX_IMAGE_MB, imageKind, putSiteImage } from '../../store/site-content/site-images';
import { MAX_GUIDE_BYTES, MAX_GUIDE_MB, isPdf, putGuideFile } from '../../store/guides/guide-files';
import { guideFileWords } from '../../words/guides/block';
import { fieldAt, type PartName } from './content-parts';
import type { Problem } from './content-form';

/** The name ending of an image's file field. */
export const UPLOAD = '.upload';

/** A posted form: its text fields, and the files chosen (an empty file field is no file). */
export interface PostedForm {
  fields: URLSearchParams;
  files: Map<string, File>;
}

/** The fields and the files of a multipart form (a file field's name kept with its file). */
export function splitForm(data: FormData): PostedForm {
  const fields = new URLSearchParams();
  const files = new Map<string, File>();
  for (const [name, value] of data.entries()) {
    if (typeof value === 'string') fields.append(name, value);
    else if (value.size > 0 || value.name !== '') files.set(name, value);
  }
  return { fields, files };
}

/**
 * Keeps each uploaded image of `part` and sets its field to the image's path; answers the refused ones by their
 * field (a file field of no image field of the part is ignored).
 */
export async function takeUploads(part: PartName, posted: PostedForm, bucket: R2Bucket | null): Promise<Problem[]> {
  const problems: Problem[] = [];
  for (const [name, file] of posted.files) {
    if (!name.endsWith(UPLOAD)) continue;
    const field = name.slice(0, -UPLOAD.length);
    const kind = fieldAt(part, field)?.kind;
    if (kind === 'pdf') {
      const problem = await takePdf(field, file, posted, bucket);
      if (problem) problems.push(problem);
      continue;
    }
    if (kind !== 'image') continue;
    if (file.size > MAX_IMAGE_BYTES) {
      problems.push({ field, message: copy.upload.tooBig(MAX_IMAGE_MB) });
      continue;
    }
    const bytes = new Uint8Array(await file.arrayBuffer());
    const ext = imageKind(bytes);
    if (!ext) {
      problems.push({ field, message: copy.upload.notImage });
      continue;
    }
    if (!bucket) {
      logEvent('error', 'desk.action', { action: 'image upload', outcome: 'no media bucket' });
      problems.push({ field, message: copy.upload.noBucket });
      continue;
    }
    posted.fields.set(field, await putSiteImage(bucket, bytes, ext));
    logEvent('info', 'desk.action', { action: 'image uploaded', kind: ext, bytes: bytes.length });
  }
  return problems;
}

/**
 * Keeps a guide's PDF (a PDF by its first bytes, at most MAX_GUIDE_BYTES) and sets its field to what the hidden field
 * posts (`<sha256>:<bytes>`); answers why it was refused otherwise, the field then keeping the file it had.
 */
async function takePdf(field: string, file: File, posted: PostedForm, bucket: R2Bucket | null) {
  if (file.size > MAX_GUIDE_BYTES) return { field, message: guideFileWords.tooBig(MAX_GUIDE_MB) };
  const bytes = new Uint8Array(await file.arrayBuffer());
  if (!isPdf(bytes)) return { field, message: guideFileWords.notPdf };
  if (!bucket) {
    logEvent('error', 'desk.action', { action: 'guide upload', outcome: 'no media bucket' });
    return { field, message: guideFileWords.noBucket };
  }
  const kept = await putGuideFile(bucket, bytes);
  posted.fields.set(field, `${kept.sha256}:${kept.bytes}`);
  logEvent('info', 'desk.action', { action: 'guide file uploaded', bytes: kept.bytes });
  return null;
}

import { previewCopy as copy } from '../../src/content/sections';

/** The note at the top of the owners' preview of a draft: what they see is not live yet, and its forms are real. */
export function PreviewNote() {
  return (
    <div className="preview-note" role="note">
      <p>
        {copy.note} <a href="/desk/content">{copy.back}</a>
      </p>
    </div>
  );
}

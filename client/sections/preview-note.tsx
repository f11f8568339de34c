import { previewCopy as copy } from '../../src/words/sections';

/** What a preview shows: the draft (version null), or a published version and whether it is the live one. */
export interface PreviewOf {
  version: number | null;
  live?: boolean;
}

/**
 * The note at the top of the owners' preview, in a landmark of its own: what they see is the draft (not live
 * yet) or an earlier version (with the button that publishes it again), and that its forms are real.
 */
export function PreviewNote({ of }: { of: PreviewOf }) {
  const { version, live } = of;
  return (
    <aside className="preview-note" aria-label={copy.label}>
      <p>
        {version === null ? copy.note : live ? copy.liveVersion(version) : copy.version(version)}{' '}
        <a href={version === null ? '/desk/content' : `/desk/content#version-${version}`}>{copy.back}</a>
      </p>
      {version !== null && !live ? (
        <form method="post" action={`/desk/content/versions/${version}/publish`}>
          <button type="submit" className="btn">
            {copy.republish(version)}
          </button>
        </form>
      ) : null}
    </aside>
  );
}

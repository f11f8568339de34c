import { deskContent as copy, partNames } from '../../words/site-content/desk-content';
import type { ContentChange } from '../../shared/content-changes';
import type { VersionSummary } from '../../store/site-content/site-content';
import { PART_NAMES } from './content-parts';
import type { Problem } from './content-form';
import { when } from '../format';
import { ChangeList } from './change-list';
import { ProblemList } from './part-page';

export interface ContentIndex {
  revision: number;
  updatedBy: string;
  updatedAt: string;
  /** What publishing the draft would change (empty: nothing), or null when the draft does not pass. */
  changes: ContentChange[] | null;
  /** Why the draft cannot be published (after a refused publish, or a draft that does not pass). */
  problems: readonly Problem[];
  versions: VersionSummary[];
  /** The draft as saved, where the problems' fields are read (each item by its title). */
  json: unknown;
  liveVersion: number | null;
}

/** /desk/content: the draft's state and unpublished changes, each part's form, preview, publish and versions. */
export function ContentIndexPage({ state }: { state: ContentIndex }) {
  return (
    <>
      <h1 className="desk-title">{copy.title}</h1>
      <p className="desk-meta">{copy.intro}</p>
      <p className="desk-meta">
        {state.revision === 0
          ? copy.neverSaved
          : copy.draftState(state.revision, state.updatedBy, when(state.updatedAt))}
      </p>
      {state.problems.length > 0 ? (
        <section className="desk-card desk-danger" aria-labelledby="problems-heading" role="alert">
          <h2 id="problems-heading">{copy.problemsHeading}</h2>
          <p className="desk-meta">{copy.problemsIntro}</p>
          <ProblemList problems={state.problems} value={state.json} linked />
        </section>
      ) : null}
      <section className="desk-card" aria-labelledby="changes-heading">
        <h2 id="changes-heading">{copy.changesHeading}</h2>
        {state.changes === null ? null : state.changes.length === 0 ? (
          <p className="desk-meta">{copy.noChanges}</p>
        ) : (
          <ChangeList changes={state.changes} />
        )}
        <h3 className="desk-subtitle">{copy.previewHeading}</h3>
        <p className="desk-content-actions">
          <a className="btn" href="/desk/content/preview">
            {copy.previewLanding}
          </a>
          <a className="btn" href="/desk/content/preview/quiz">
            {copy.previewQuiz}
          </a>
        </p>
        <h3 className="desk-subtitle">{copy.publishHeading}</h3>
        <p className="desk-meta">{copy.publishIntro}</p>
        <form method="post" action="/desk/content/publish">
          <button type="submit" className="btn btn-cta">
            {copy.publish}
          </button>
        </form>
      </section>
      <section className="desk-card" aria-labelledby="parts-heading">
        <h2 id="parts-heading">{copy.partsHeading}</h2>
        <ul className="desk-content-parts">
          {PART_NAMES.map((part) => (
            <li key={part}>
              <a href={`/desk/content/${part}`}>{partNames[part]}</a>
            </li>
          ))}
        </ul>
      </section>
      <section className="desk-card" aria-labelledby="versions-heading">
        <h2 id="versions-heading">{copy.versionsHeading}</h2>
        {state.versions.length === 0 ? <p className="desk-meta">{copy.noVersions}</p> : null}
        <ol className="desk-list desk-content-versions">
          {state.versions.map((v) => (
            <li key={v.id} className="desk-item" id={`version-${v.id}`}>
              <h3 className="desk-item-name">
                {copy.version(v.id)}
                {v.id === state.liveVersion ? ` · ${copy.live}` : ''}
              </h3>
              <p className="desk-meta">{copy.versionBy(v.publishedBy, when(v.publishedAt))}</p>
              <ChangeList changes={v.changes} />
              <div className="desk-content-actions">
                <a
                  className="btn"
                  href={`/desk/content/versions/${v.id}/preview`}
                  aria-label={copy.previewVersionLabel(v.id)}
                >
                  {copy.previewVersion}
                </a>
                {v.id === state.liveVersion ? null : (
                  <form method="post" action={`/desk/content/versions/${v.id}/publish`}>
                    <button type="submit" className="btn" aria-label={copy.republishLabel(v.id)}>
                      {copy.republish}
                    </button>
                  </form>
                )}
                <a href={`/desk/content/versions/${v.id}/export`} aria-label={copy.exportLabel(v.id)}>
                  {copy.exportVersion}
                </a>
              </div>
            </li>
          ))}
        </ol>
      </section>
    </>
  );
}

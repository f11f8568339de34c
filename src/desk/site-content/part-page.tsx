import { deskContent as copy, partNames } from '../../words/site-content/desk-content';
import { PARTS, type Field, type PartName } from './content-parts';
import type { Problem } from './content-form';
import { when } from '../format';
import { Fields, Items, ReadOnly, itemName } from './fields';
import { problemName } from './problem-name';

/** Whether a part's form uploads images (then it posts multipart, files and all). */
const hasImage = (part: PartName) => PARTS[part].fields.some((f) => isUpload(f) || (f.item ?? []).some(isUpload));
const isUpload = (f: Field) => f.kind === 'image' || f.kind === 'pdf';

/** The item a `?moved=` address names (`3`, `benefits.0`), by its title, or null. */
function movedName(part: PartName, value: unknown, moved: string | undefined): string | null {
  const m = /^(?:([a-zA-Z]+)\.)?(\d{1,3})$/.exec(moved ?? '');
  if (!m) return null;
  const list = m[1] ? (value as Record<string, unknown> | null)?.[m[1]] : value;
  const item = Array.isArray(list) ? list[Number(m[2])] : undefined;
  return item === undefined ? null : itemName(m[1] ?? part, item, Number(m[2]));
}

/** What another owner saved for this part while this one edited it. */
export interface Theirs {
  value: unknown;
  by: string;
  at: string;
}

/**
 * Each problem as "field: message", the field named by its part, item title and label, for the list above a
 * refused form (`part` and its value) or a draft that cannot go live (the whole draft, each linked to its part).
 */
export function ProblemList(props: { problems: readonly Problem[]; linked?: boolean; value: unknown; part?: string }) {
  const { problems, linked, value, part } = props;
  return (
    <ul className="desk-content-problems">
      {problems.map((p) => {
        const first = p.field.split('.')[0] ?? '';
        const text = copy.problem(problemName(p.field, value, part), p.message);
        return (
          <li key={`${p.field}-${p.message}`}>
            {linked && Object.hasOwn(PARTS, first) ? <a href={`/desk/content/${first}`}>{text}</a> : text}
          </li>
        );
      })}
    </ul>
  );
}

/**
 * /desk/content/:part: the part's form (from the field table) with the revision it was edited from; refused, it
 * shows what was typed and each message by its field; after a conflict, what the other owner saved beside it.
 */
export function PartPage(props: {
  part: PartName;
  value: unknown;
  revision: number;
  problems?: readonly Problem[];
  theirs?: Theirs;
  /** The item just moved (`?moved=`), said above the form. */
  moved?: string;
}) {
  const { part, value, revision, problems = [], theirs } = props;
  const moved = problems.length === 0 && !theirs ? movedName(part, value, props.moved) : null;
  const { list, fields } = PARTS[part];
  const title = partNames[part];
  const form = (
    <form
      method="post"
      action={`/desk/content/${part}`}
      className="desk-card desk-content-form"
      encType={hasImage(part) ? 'multipart/form-data' : undefined}
    >
      <input type="hidden" name="revision" value={String(revision)} />
      {list ? (
        // First in the form, so Enter in a field saves (never moves an item); the page is long on a phone.
        <p>
          <button type="submit" className="btn btn-cta">
            {copy.save}
          </button>
        </p>
      ) : null}
      {list ? (
        <Items list={part} fields={fields} prefix="" items={Array.isArray(value) ? value : []} problems={problems} />
      ) : (
        <Fields fields={fields} prefix="" value={value} problems={problems} />
      )}
      <button type="submit" className="btn btn-cta">
        {copy.save}
      </button>
    </form>
  );
  return (
    <>
      <p className="desk-meta">
        <a href="/desk/content">{copy.back}</a>
      </p>
      <h1 className="desk-title">{copy.editPart(title)}</h1>
      {moved !== null ? (
        <p className="desk-banner desk-banner-info" role="status">
          {copy.moved(moved)}
        </p>
      ) : null}
      {theirs ? (
        <p className="desk-banner desk-banner-warning" role="alert">
          {copy.conflict}
        </p>
      ) : null}
      {problems.length > 0 ? (
        <div className="desk-banner desk-banner-warning" role="alert">
          <p>{copy.refused}</p>
          <ProblemList problems={problems} value={value} part={part} />
        </div>
      ) : null}
      {theirs ? (
        <div className="desk-content-conflict">
          {form}
          <section className="desk-card" aria-labelledby="theirs-heading">
            <h2 id="theirs-heading">{copy.theirsHeading}</h2>
            <p className="desk-meta">{copy.theirs(theirs.by, when(theirs.at))}</p>
            {list ? (
              (Array.isArray(theirs.value) ? theirs.value : []).map((item, i) => (
                <section key={i} aria-label={itemName(part, item, i)}>
                  <h3 className="desk-subtitle">{itemName(part, item, i)}</h3>
                  <ReadOnly fields={fields} value={item} />
                </section>
              ))
            ) : (
              <ReadOnly fields={fields} value={theirs.value} />
            )}
          </section>
        </div>
      ) : (
        form
      )}
    </>
  );
}

import { deskContent as copy } from '../../words/site-content/desk-content';
import type { Field } from './content-parts';
import { contentChanges } from '../../words/site-content/content-changes';
import { ITEM_TITLES } from '../../shared/content-changes';
import { ITEM, MOVE, REMOVE, getPath, problemFor, type Problem } from './content-form';
import { UPLOAD } from './content-uploads';
import { guideFileWords } from '../../words/guides/block';
import { MAX_GUIDE_MB } from '../../store/guides/guide-files';

const idOf = (name: string) => `f-${name.replace(/[^a-zA-Z0-9]+/g, '-')}`;
const label = (field: Field) => copy.labels[field.name] ?? field.name;
const str = (v: unknown) => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');
const arr = (v: unknown) => (Array.isArray(v) ? v.map(String) : []);

function hint(field: Field): string {
  if (field.kind === 'lines') return copy.hints.lines;
  if (field.kind === 'paragraphs') return copy.hints.paragraphs;
  if (field.kind === 'link') return copy.hints.link;
  if (field.kind === 'date') return copy.hints.date;
  if (field.kind === 'image') return copy.hints.image;
  if (field.kind === 'private') return copy.hints.private;
  if (field.kind === 'rupees') return copy.hints.rupees;
  if (field.kind === 'count') return copy.hints.count;
  if (field.name === 'terms') return copy.hints.terms;
  return field.max ? copy.hints.max(field.max) : '';
}

/** One field of a part's form, named by its path (`prefix` + its name), with its value and any message. */
function FieldControl(props: { field: Field; prefix: string; value: unknown; problems: readonly Problem[] }) {
  const { field, prefix, problems } = props;
  const name = prefix + field.name;
  const id = idOf(name);
  const value = getPath(props.value, field.name);
  const error = problemFor(problems, name);
  if (field.kind === 'hidden') return <input type="hidden" name={name} value={str(value)} />;
  if (field.kind === 'pdf') return <PdfControl name={name} id={id} value={value} error={error} />;
  if (field.kind === 'list') {
    return (
      <fieldset className="desk-content-group">
        <legend>{label(field)}</legend>
        {error ? <p className="desk-field-error">{error}</p> : null}
        <Items
          list={field.name}
          fields={field.item ?? []}
          prefix={`${name}.`}
          items={arr2(value)}
          problems={problems}
        />
      </fieldset>
    );
  }
  if (field.kind === 'options') {
    const chosen = arr(value);
    return (
      <fieldset className="desk-content-options" aria-describedby={error ? `${id}-error` : undefined}>
        <legend>{label(field)}</legend>
        {(field.options ?? []).map((option) => (
          <label key={option}>
            <input type="checkbox" name={name} value={option} defaultChecked={chosen.includes(option)} /> {option}
          </label>
        ))}
        {error ? (
          <span id={`${id}-error`} className="desk-field-error">
            {error}
          </span>
        ) : null}
      </fieldset>
    );
  }
  if (field.kind === 'checkbox') {
    return (
      <p className="desk-field desk-content-check">
        <label>
          <input type="checkbox" name={name} defaultChecked={value === true} /> {label(field)}
        </label>
      </p>
    );
  }
  const text =
    field.kind === 'lines' ? arr(value).join('\n') : field.kind === 'paragraphs' ? arr(value).join('\n\n') : str(value);
  const note = error ?? hint(field);
  const control = {
    id,
    name,
    defaultValue: text,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': note ? `${id}-note` : undefined,
  };
  const multiline = field.kind === 'text' || field.kind === 'lines' || field.kind === 'paragraphs';
  return (
    <p className="desk-field">
      <label htmlFor={id}>{label(field)}</label>
      {multiline ? (
        <textarea rows={field.kind === 'paragraphs' || (field.max ?? 0) > 2000 ? 8 : 3} {...control} />
      ) : (
        <input
          type={field.kind === 'date' ? 'date' : 'text'}
          {...((field.kind === 'rupees' || field.kind === 'count') && { inputMode: 'numeric' as const })}
          {...control}
        />
      )}
      {field.kind === 'image' && text.startsWith('/') ? (
        <img className="desk-content-thumb" src={text} alt="" width={96} height={96} loading="lazy" />
      ) : null}
      {field.kind === 'image' ? (
        <span className="desk-content-upload">
          <label htmlFor={`${id}-upload`}>{copy.labels['image.upload']}</label>
          <input
            type="file"
            id={`${id}-upload`}
            name={name + UPLOAD}
            accept="image/png,image/jpeg,image/webp,image/avif"
            aria-describedby={`${id}-note`}
          />
        </span>
      ) : null}
      {note ? (
        <span id={`${id}-note`} className={error ? 'desk-field-error' : 'desk-meta'}>
          {note}
        </span>
      ) : null}
    </p>
  );
}

/** A kept PDF's SHA-256 and size, or null. */
function pdfFile(v: unknown): { sha256: string; bytes: number } | null {
  const file = v as { sha256?: unknown; bytes?: unknown } | null | undefined;
  return typeof file?.sha256 === 'string' && typeof file.bytes === 'number'
    ? { sha256: file.sha256, bytes: file.bytes }
    : null;
}

/**
 * A guide's PDF: its size when one is kept (its SHA-256 and size posted back in a hidden field, so a save without a
 * new file keeps it), and the file field that replaces it. No address of the file: it is sent only by its links.
 */
function PdfControl({ name, id, value, error }: { name: string; id: string; value: unknown; error?: string }) {
  const file = pdfFile(value);
  return (
    <p className="desk-field">
      <label htmlFor={`${id}-upload`}>{guideFileWords.upload}</label>
      <input type="hidden" name={name} value={file ? `${file.sha256}:${file.bytes}` : ''} />
      <span className="desk-meta">
        {file ? guideFileWords.kept(guideFileWords.size(file.bytes)) : guideFileWords.none}
      </span>
      <input
        type="file"
        id={`${id}-upload`}
        name={name + UPLOAD}
        accept="application/pdf"
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-note`}
      />
      <span id={`${id}-note`} className={error ? 'desk-field-error' : 'desk-meta'}>
        {error ?? guideFileWords.hint(MAX_GUIDE_MB)}
      </span>
    </p>
  );
}

const arr2 = (v: unknown) => (Array.isArray(v) ? (v as unknown[]) : []);

/** The fields of one object (a part, or one item of a list). */
export function Fields({
  fields,
  ...where
}: {
  fields: Field[];
  prefix: string;
  value: unknown;
  problems: readonly Problem[];
}) {
  return (
    <>
      {fields.map((field) => (
        <FieldControl key={field.name} field={field} {...where} />
      ))}
    </>
  );
}

/** An item's name: its title (a testimonial's author, a program's title), else its place in the list. */
export const itemName = (list: string, item: unknown, i: number) =>
  contentChanges.itemName(str(getPath(item, ITEM_TITLES[list] ?? '')).trim(), i + 1);

/** The id of an item's fieldset (`item-3`, `item-benefits-0`), where a move brings the owner back to. */
export const itemId = (prefix: string, i: number) => `item-${prefix.replace(/\./g, '-')}${i}`;

/**
 * A list's items, each a fieldset named by its title with its "Move up" / "Move down" buttons (they post the
 * form: what was typed is saved with the move) and its "Remove" box, then one empty item that adds a new one.
 */
export function Items(props: {
  list: string;
  fields: Field[];
  prefix: string;
  items: unknown[];
  problems: readonly Problem[];
}) {
  const { list, fields, prefix, items, problems } = props;
  return (
    <>
      {[...items, {}].map((item, i) => {
        const name = `${prefix}${i}`;
        const isNew = i === items.length;
        const title = itemName(list, item, i);
        return (
          <fieldset key={name} className="desk-content-item" id={isNew ? undefined : itemId(prefix, i)}>
            <legend>{isNew ? copy.newItem : title}</legend>
            <input type="hidden" name={`${name}.${ITEM}`} value="1" />
            {isNew || items.length < 2 ? null : (
              <p className="desk-content-moves">
                {i > 0 ? <MoveButton item={name} title={title} way="up" /> : null}
                {i < items.length - 1 ? <MoveButton item={name} title={title} way="down" /> : null}
              </p>
            )}
            <Fields fields={fields} prefix={`${name}.`} value={item} problems={isNew ? [] : problems} />
            {isNew ? null : (
              <p className="desk-content-check">
                <label>
                  <input type="checkbox" name={`${name}.${REMOVE}`} /> {copy.remove}
                </label>
              </p>
            )}
          </fieldset>
        );
      })}
    </>
  );
}

/** A part's values read-only (what another owner saved), by the same field table. */
export function ReadOnly({ fields, value }: { fields: Field[]; value: unknown }) {
  return (
    <dl className="desk-fields">
      {fields
        .filter((field) => field.kind !== 'hidden')
        .map((field) => {
          const v = getPath(value, field.name);
          const shown =
            field.kind === 'list' ? (
              arr2(v).map((item, i) => <ReadOnly key={i} fields={field.item ?? []} value={item} />)
            ) : field.kind === 'pdf' ? (
              (pdfFile(v) && guideFileWords.size(pdfFile(v)!.bytes)) || copy.empty
            ) : field.kind === 'checkbox' ? (
              v === true ? (
                copy.yes
              ) : (
                copy.no
              )
            ) : (
              <span className="desk-content-value">{(Array.isArray(v) ? v.join('\n') : str(v)) || copy.empty}</span>
            );
          return [<dt key={`${field.name}-t`}>{label(field)}</dt>, <dd key={`${field.name}-d`}>{shown}</dd>];
        })}
    </dl>
  );
}

/** A list item's "Move up" or "Move down": it posts the form with `item:way` as the move. */
function MoveButton({ item, title, way }: { item: string; title: string; way: 'up' | 'down' }) {
  return (
    <button
      type="submit"
      className="btn"
      name={MOVE}
      value={`${item}:${way}`}
      aria-label={way === 'up' ? copy.moveUpLabel(title) : copy.moveDownLabel(title)}
    >
      {way === 'up' ? copy.moveUp : copy.moveDown}
    </button>
  );
}

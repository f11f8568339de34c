import { TextField } from '../form-parts';

/**
 * The danger card that erases what a People search found: what erasing does, the typed confirmation (its message by
 * the field when refused) and the button, all part of the page's form `form`.
 */
export function EraseCard(props: {
  form: string;
  /** The id of the confirmation field (its heading's and message's ids derive from it). */
  id: string;
  /** The card's heading, what erasing does, and the button: each erase form's own words, under the same names. */
  words: { eraseTitle: string; eraseText: string; erase: string };
  label: string;
  error?: string | undefined;
}) {
  const { form, id, words, error } = props;
  return (
    <section className="desk-card desk-danger" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{words.eraseTitle}</h2>
      <p>{words.eraseText}</p>
      <div>
        <TextField
          id={id}
          label={props.label}
          form={form}
          name="confirm"
          type="text"
          autoComplete="off"
          error={error}
        />
        <button type="submit" form={form} className="btn btn-danger">
          {words.erase}
        </button>
      </div>
    </section>
  );
}

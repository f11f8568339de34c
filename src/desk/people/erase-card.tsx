/**
 * The danger card that erases what a People search found: what erasing does, the typed confirmation (its message by
 * the field when refused) and the button, all part of the page's form `form`.
 */
export function EraseCard(props: {
  form: string;
  /** The id of the confirmation field (its heading's and message's ids derive from it). */
  id: string;
  title: string;
  text: string;
  label: string;
  button: string;
  error?: string | undefined;
}) {
  const { form, id, error } = props;
  return (
    <section className="desk-card desk-danger" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{props.title}</h2>
      <p>{props.text}</p>
      <div>
        <p className="desk-field">
          <label htmlFor={id}>{props.label}</label>
          <input
            id={id}
            form={form}
            name="confirm"
            type="text"
            autoComplete="off"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
          />
          {error ? (
            <span id={`${id}-error`} className="desk-field-error">
              {error}
            </span>
          ) : null}
        </p>
        <button type="submit" form={form} className="btn btn-danger">
          {props.button}
        </button>
      </div>
    </section>
  );
}

/** An opt-in box's copy: its label, its own consent notice and that notice's version (the box's value). */
export interface OptInCopy {
  label: string;
  text: string;
  version: string;
}

/**
 * An unticked box that asks for something more (the newsletter), with its own notice beneath it. Ticked, the
 * form sends the notice's version under `name`, so the lead records which notice its visitor agreed to; unticked,
 * it sends nothing. A plain form post carries it the same way.
 */
export function OptIn({
  id,
  name,
  copy,
  checked,
  error,
  onChange,
}: {
  id: string;
  name: string;
  copy: OptInCopy;
  checked: boolean;
  error?: string | undefined;
  onChange?: () => void;
}) {
  const noteId = `${id}-note`;
  const errorId = `${id}-error`;
  return (
    <div className={error ? 'opt-in has-error' : 'opt-in'}>
      <input
        type="checkbox"
        id={id}
        name={name}
        value={copy.version}
        defaultChecked={checked}
        onChange={onChange}
        aria-describedby={error ? `${noteId} ${errorId}` : noteId}
        aria-invalid={error ? true : undefined}
      />
      <label htmlFor={id}>{copy.label}</label>
      <p className="opt-in-note" id={noteId}>
        {copy.text}
      </p>
      {error && (
        <p className="field-error" id={errorId}>
          {error}
        </p>
      )}
    </div>
  );
}

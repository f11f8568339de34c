import type { InputHTMLAttributes } from 'react';

/**
 * A labelled one-line field of a desk form with its refusal message beside it: aria-invalid and aria-describedby
 * tie the message to the field, so a screen reader reads it with the field. The rest of the props go to the input.
 */
export function TextField({
  id,
  label,
  error,
  ...input
}: { id: string; label: string; error?: string | undefined } & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <p className="desk-field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        {...input}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      />
      {error ? (
        <span id={`${id}-error`} className="desk-field-error">
          {error}
        </span>
      ) : null}
    </p>
  );
}

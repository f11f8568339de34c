import type { InputHTMLAttributes } from 'react';

/**
 * A labelled one-line field of a desk form with its refusal message beside it: aria-invalid and aria-describedby
 * tie the message (and the hint, when there is one) to the field, so a screen reader reads them with the field. A
 * hint is shown under the label, where a phone's narrow field cannot cut it off as it would a placeholder. The rest
 * of the props go to the input.
 */
export function TextField({
  id,
  label,
  error,
  hint,
  ...input
}: { id: string; label: string; error?: string | undefined; hint?: string } & InputHTMLAttributes<HTMLInputElement>) {
  const described = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return (
    <p className="desk-field">
      <label htmlFor={id}>{label}</label>
      {hint ? (
        <span id={`${id}-hint`} className="desk-meta">
          {hint}
        </span>
      ) : null}
      <input id={id} {...input} aria-invalid={error ? true : undefined} aria-describedby={described || undefined} />
      {error ? (
        <span id={`${id}-error`} className="desk-field-error">
          {error}
        </span>
      ) : null}
    </p>
  );
}

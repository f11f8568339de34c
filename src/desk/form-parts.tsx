import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes } from 'react';

// The parts the desk's forms are made of, each written once: a labelled field or list, a row of pressed-or-not buttons, and
// a message shown as it will be sent with the button that sends it.

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
      <FieldError id={id} error={error} />
    </p>
  );
}

/** A labelled list to choose from, its refusal message tied to it as TextField's is. The rest of the props go to the select. */
export function SelectField({
  id,
  label,
  error,
  children,
  ...select
}: {
  id: string;
  label: string;
  error?: string | undefined;
  children: ReactNode;
} & SelectHTMLAttributes<HTMLSelectElement>) {
  return (
    <p className="desk-field">
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        {...select}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      >
        {children}
      </select>
      <FieldError id={id} error={error} />
    </p>
  );
}

/** A field's refusal message, its id the one the field's aria-describedby names. */
function FieldError({ id, error }: { id: string; error?: string | undefined }) {
  return error ? (
    <span id={`${id}-error`} className="desk-field-error">
      {error}
    </span>
  ) : null;
}

/**
 * One submit button per choice, all posting `name` (no script needed), the current one pressed: a lead's follow-up
 * status, or how a call went.
 */
export function PressedButtons<V extends string>({
  name,
  choices,
  labels,
  current,
}: {
  name: string;
  choices: readonly V[];
  labels: Record<V, string>;
  current: V | undefined;
}) {
  return (
    <>
      {choices.map((value) => (
        <button
          key={value}
          type="submit"
          name={name}
          value={value}
          className={`btn ${value === current ? 'btn-cta' : 'btn-outline'}`}
          aria-pressed={value === current}
        >
          {labels[value]}
        </button>
      ))}
    </>
  );
}

/**
 * A message an owner sends with one tap (a follow-up, a rebook message): what it does, the words as the person will
 * read them, and the button; `hidden` carries the form's one-time id and where it came from.
 */
export function PreviewForm({
  action,
  hidden,
  explain,
  preview,
  send,
}: {
  action: string;
  hidden: Record<string, string>;
  explain: ReactNode;
  preview: string;
  send: string;
}) {
  return (
    <form method="post" action={action}>
      {Object.entries(hidden).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <p className="desk-meta">{explain}</p>
      <blockquote className="desk-follow-up-preview">{preview}</blockquote>
      <button type="submit" className="btn btn-cta">
        {send}
      </button>
    </form>
  );
}

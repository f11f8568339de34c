import type { InputHTMLAttributes, TextareaHTMLAttributes } from 'react';
import { LIMITS } from '../../src/shared/lead-rules';

type Common = { id: string; label: string; error?: string; optional?: boolean };
/** An input always names its type (text, email, tel…): browsers and assistive tools rely on it. */
type InputProps = Common & { multiline?: false; type: string } & InputHTMLAttributes<HTMLInputElement>;
type TextareaProps = Common & { multiline: true } & TextareaHTMLAttributes<HTMLTextAreaElement>;

/**
 * A labelled form field with its error message tied to it (aria-invalid and
 * aria-describedby), so a screen reader reads the message with the field.
 * Ids come from the caller: islands hydrate as separate roots, so generated ids could collide.
 */
export function Field(props: InputProps | TextareaProps) {
  const { id, label, error, optional, multiline, ...rest } = props;
  const errorId = `${id}-error`;
  const aria = { 'aria-invalid': error ? true : undefined, 'aria-describedby': error ? errorId : undefined };
  return (
    <div className={error ? 'field has-error' : 'field'}>
      <label htmlFor={id}>
        {label}
        {optional && <span className="field-optional"> (optional)</span>}
      </label>
      {multiline ? (
        <textarea id={id} {...(rest as TextareaHTMLAttributes<HTMLTextAreaElement>)} {...aria} />
      ) : (
        <input id={id} {...(rest as InputHTMLAttributes<HTMLInputElement>)} {...aria} />
      )}
      {error && (
        <p className="field-error" id={errorId}>
          {error}
        </p>
      )}
    </div>
  );
}

/** How each personal field is typed, autofilled and capped: the same in every form. */
export const INPUTS = {
  name: { type: 'text', autoComplete: 'name', maxLength: LIMITS.name },
  first: { type: 'text', autoComplete: 'given-name', maxLength: LIMITS.name },
  last: { type: 'text', autoComplete: 'family-name', maxLength: LIMITS.name },
  email: { type: 'email', autoComplete: 'email', maxLength: LIMITS.email },
  phone: { type: 'tel', autoComplete: 'tel', maxLength: LIMITS.phone },
} as const;

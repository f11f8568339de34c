import type { FormEventHandler, ReactNode } from 'react';
import { SUBMISSION_ID_FIELD } from '../../src/shared/lead-rules';
import { Honeypot } from './honeypot';

export interface LeadFormProps {
  /** The lead endpoint; it takes this plain post as well as the island's JSON. */
  action: string;
  /** The section a refused plain post scrolls back to (`#newsletter`). */
  anchor?: string;
  submissionId: string;
  onSubmit: FormEventHandler<HTMLFormElement>;
  className?: string;
  'aria-labelledby'?: string;
  children: ReactNode;
}

/**
 * Every lead form: a real `method="post"` form, so it works before and without JavaScript, whose submit the
 * island takes over once hydrated (useLeadForm sends the same fields as JSON). The hidden fields every lead
 * carries are rendered here, once for all forms: the submission id (so a plain post and a script retry of one
 * submission store one lead) and the honeypot. A field added here travels in both kinds of post.
 */
export function LeadForm({ action, anchor, submissionId, onSubmit, className, children, ...aria }: LeadFormProps) {
  return (
    <form
      method="post"
      action={anchor ? `${action}#${anchor}` : action}
      className={className}
      onSubmit={onSubmit}
      noValidate
      {...aria}
    >
      <input type="hidden" name={SUBMISSION_ID_FIELD} value={submissionId} />
      {children}
      <Honeypot />
    </form>
  );
}

/**
 * A lead form's send button: it names the consent notice (`notice`, the id of what sending agrees to) so a
 * screen reader reads it with the button, and is disabled, saying so, while the form is being sent.
 */
export function SendButton(props: {
  busy: boolean;
  notice: string;
  className: string;
  copy: { submit: string; submitting: string };
}) {
  return (
    <button type="submit" className={props.className} aria-describedby={props.notice} disabled={props.busy}>
      {props.busy ? props.copy.submitting : props.copy.submit}
    </button>
  );
}

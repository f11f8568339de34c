/**
 * What a server-rendered lead form shows. Every form carries a submission id in a hidden field; after a
 * plain HTML post was refused, the page is rendered again with the values typed, the message beside
 * each field and, when no field is to blame, one message for the whole form.
 */
export interface FormState {
  submissionId: string;
  /** Field values by input name (`contact.first`), as posted. */
  values?: Record<string, string>;
  /** Messages by input name, from the same validation the JSON API answers with. */
  errors?: Record<string, string>;
  /** A message for the whole form (rate limited, store down). */
  problem?: string;
  /** The form was accepted (the page after the redirect): show the thank-you instead. */
  done?: boolean;
}

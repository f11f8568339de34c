import type { FormState } from '../../src/shared/lead-rules';
import { EmailForm, type EmailFormCopy } from '../components/email-form';

export interface NewsletterFormProps {
  copy: EmailFormCopy;
  form: FormState;
}

export const NEWSLETTER_PATH = '/api/newsletter';

/**
 * The newsletter signup. With the island the field is cleared after every attempt; without it the form posts itself:
 * a refused address comes back in the field with its message, an accepted one shows the thank-you.
 */
export default function NewsletterForm({ copy, form }: NewsletterFormProps) {
  return (
    <EmailForm
      path={NEWSLETTER_PATH}
      anchor="newsletter"
      look="newsletter"
      idPrefix="newsletter"
      copy={copy}
      form={form}
      clearAfterSend
    />
  );
}

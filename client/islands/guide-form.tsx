import type { FormState } from '../../src/shared/lead-rules';
import { EmailForm, type EmailFormCopy } from '../components/email-form';

export interface GuideFormProps {
  copy: EmailFormCopy;
  /** The guide asked for: its slug travels in the hidden `guide` field. */
  guide: string;
  /** Makes the form's ids unique on the page (the same guide is offered in its section and after the quiz). */
  idPrefix: string;
  form: FormState;
}

export const GUIDE_PATH = '/api/guide';

/** One guide's request form; without the island the page comes back at the guides' section. */
export default function GuideForm({ copy, guide, idPrefix, form }: GuideFormProps) {
  return (
    <EmailForm
      path={GUIDE_PATH}
      anchor="guides"
      look="guide"
      idPrefix={idPrefix}
      copy={copy}
      form={form}
      hidden={{ guide }}
    />
  );
}

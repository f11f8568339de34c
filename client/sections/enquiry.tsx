import { site } from '../../src/content/site';
import EnquiryModal from '../islands/enquiry-modal';
import { consentCopy } from '../../src/content/privacy';
import { Island } from '../islands/island';
import type { FormState } from '../../src/shared/lead-rules';

/** The one enquiry modal on the landing page; every [data-open-enquiry] link opens it. */
export function Enquiry({ form }: { form: FormState }) {
  const { forms } = site;
  return (
    <Island
      name="EnquiryModal"
      component={EnquiryModal}
      load="interaction"
      props={{
        copy: {
          ...site.enquiry,
          submitting: forms.submitting,
          invalidEmail: forms.invalidEmail,
          required: forms.required,
          failed: forms.failed,
          rateLimited: forms.rateLimited,
          close: forms.close,
          labels: forms.labels,
          consent: consentCopy('enquiry'),
        },
        form,
      }}
    />
  );
}

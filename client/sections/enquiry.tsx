import { site } from '../../src/content/site';
import EnquiryModal from '../islands/enquiry-modal';
import { consentCopy } from '../../src/content/privacy';
import { Island } from '../islands/island';

/** The one enquiry modal on the landing page; every [data-open-enquiry] button opens it. */
export function Enquiry() {
  return (
    <Island
      name="EnquiryModal"
      component={EnquiryModal}
      props={{ copy: { ...site.enquiry, ...site.forms, consent: consentCopy('enquiry') } }}
    />
  );
}

import { site } from '../../src/words/site';
import EnquiryModal from '../islands/enquiry-modal';
import { consentCopy } from '../../src/words/privacy';
import { Island } from '../islands/island';
import { useSiteContent } from '../site-content';
import type { FormState } from '../../src/shared/lead-rules';
import type { BookingLinkProvider } from '../../src/shared/booking';

/**
 * The one enquiry modal on the landing page; every [data-open-enquiry] link opens it. With a booking page
 * (BOOKING_URL) its thank-you offers "Book a call", carrying the enquiry's reference for the booking tool.
 * A closed dialog the first view does not show: with JavaScript it is put in as an opener is pressed
 * (client/forms-later.ts). Shown in place (a refused or accepted plain post came back), it is in the HTML as it is.
 */
export function Enquiry({
  form,
  bookingUrl,
  bookingProvider,
}: {
  form: FormState;
  bookingUrl?: string | undefined;
  bookingProvider?: BookingLinkProvider | undefined;
}) {
  const { forms } = site;
  // The booking words go to the island only with a booking page: the page says nothing of a call without one.
  const { bookSooner, book, dismiss, ...fixed } = site.enquiry;
  const enquiry = { ...fixed, ...useSiteContent().enquiry };
  return (
    <Island
      name="EnquiryModal"
      component={EnquiryModal}
      load="interaction"
      later={shownInPlace(form) ? undefined : 'on-open'}
      props={{
        copy: {
          ...enquiry,
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
        ...(bookingUrl && {
          booking: {
            url: bookingUrl,
            ...(bookingProvider && { provider: bookingProvider }),
            copy: { sooner: bookSooner, book, dismiss },
          },
        }),
      }}
    />
  );
}

/** Whether a plain post came back to the form (refused, or accepted): then it shows in the page, not as a modal. */
function shownInPlace(form: FormState): boolean {
  return Boolean(form.done || form.problem || form.values || form.errors);
}

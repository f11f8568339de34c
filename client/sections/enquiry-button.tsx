import { ENQUIRY_ANCHOR } from '../islands/enquiry-modal';

/**
 * A "Start a Conversation" / "Contact" button. It is plain server HTML and a real link to the enquiry
 * form (#contact), so it works without JavaScript; with it, the enquiry island opens the form in a modal
 * on a click on any [data-open-enquiry] element (the browser entry loads the island on the first such click).
 */
export function EnquiryButton({ label, className = 'btn btn-cta' }: { label: string; className?: string }) {
  return (
    <a href={`#${ENQUIRY_ANCHOR}`} role="button" className={className} data-open-enquiry="" aria-haspopup="dialog">
      {label}
    </a>
  );
}

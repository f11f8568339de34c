/**
 * A "Start a Conversation" / "Contact" button. It is plain server HTML: the
 * enquiry modal island listens for clicks on any [data-open-enquiry] element.
 */
export function EnquiryButton({ label, className = 'btn btn-cta' }: { label: string; className?: string }) {
  return (
    <button type="button" className={className} data-open-enquiry="" aria-haspopup="dialog">
      {label}
    </button>
  );
}

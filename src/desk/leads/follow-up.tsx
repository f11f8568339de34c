import { followUp as copy } from '../../words/follow-ups/follow-up';
import type { FollowUpRefusal } from '../../notify/follow-ups/follow-ups';
import { when } from '../format';
import { PreviewForm } from '../form-parts';

/** The follow-up a page offers: where its form posts, the form's own id (a double tap sends once), what is sent. */
export interface FollowUpOffer {
  action: string;
  formId: string;
  /** The message as they will read it, on one line. */
  preview: string;
  /** Why none may go now, or null. */
  refusal: FollowUpRefusal | null;
}

/** Why a follow-up may not go (the page's note and the refused form's answer). */
export function refusalText(refusal: FollowUpRefusal): string {
  return refusal.reason === 'recent' ? copy.refused.recent(when(refusal.nextAt)) : copy.refused[refusal.reason];
}

/**
 * "Send a follow-up" under a conversation whose window is closed (or that never opened): the message it sends and
 * the button, or why none may go now. Nothing while the window is open (the reply box is the way) or without a number.
 */
export function FollowUpCard({ offer }: { offer: FollowUpOffer }) {
  const { refusal } = offer;
  if (refusal?.reason === 'window_open' || refusal?.reason === 'no_phone') return null;
  return (
    <div className="desk-follow-up">
      <h3>{copy.heading}</h3>
      {refusal ? (
        <p className="desk-meta">{refusalText(refusal)}</p>
      ) : (
        <PreviewForm
          action={offer.action}
          hidden={{ followUpId: offer.formId }}
          explain={copy.explain}
          preview={offer.preview}
          send={copy.send}
        />
      )}
    </div>
  );
}

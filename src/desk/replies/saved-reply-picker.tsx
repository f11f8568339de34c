import { deskReplies as copy } from './words';
import type { SavedReply } from './saved-replies';

/** The reply box's textarea: the picker fills it. */
export const REPLY_TEXT_ID = 'desk-reply-text';

/**
 * With JavaScript, choosing a saved reply fills the reply box in place (the owner's typing is replaced only by
 * a choice they made). A nonce-bearing inline script: the desk's CSP allows no other inline code, and it is sent
 * only with a picker, so every other desk page stays without script.
 */
const FILL_SCRIPT = `document.addEventListener('change',function(e){var s=e.target;if(!(s instanceof HTMLSelectElement)||!s.dataset.fills)return;var o=s.selectedOptions[0],t=document.getElementById(s.dataset.fills);if(!o||!t||!o.dataset.text)return;t.value=o.dataset.text;t.focus();});`;

/** What a conversation's reply box offers from the saved replies: the list, the chosen one, the page's nonce. */
export interface SavedReplyChoice {
  replies: SavedReply[];
  /** The saved reply the owner chose without JavaScript (`?reply=<id>`): the reply box starts with its text. */
  chosen?: SavedReply;
  /** The page the picker reloads without JavaScript. */
  pageHref: string;
  nonce: string;
}

/**
 * A small form beside the reply box: without JavaScript, Insert reloads the page with `?reply=<id>` (a saved
 * reply's id is not personal data) and the box starts with its text; with it, choosing fills the box at once.
 */
export function SavedReplyPicker({ choice }: { choice: SavedReplyChoice }) {
  if (choice.replies.length === 0) {
    return (
      <p className="desk-meta desk-picker">
        {copy.insert.none} <a href="/desk/replies">{copy.insert.manage}</a>
      </p>
    );
  }
  return (
    <form method="get" action={`${choice.pageHref}#${REPLY_TEXT_ID}`} className="desk-picker">
      <label htmlFor="desk-saved-reply">{copy.insert.label}</label>
      <select id="desk-saved-reply" name="reply" data-fills={REPLY_TEXT_ID} defaultValue={choice.chosen?.id ?? ''}>
        <option value="">{copy.insert.choose}</option>
        {choice.replies.map((r) => (
          <option key={r.id} value={r.id} data-text={r.text}>
            {r.title}
          </option>
        ))}
      </select>
      <button type="submit" className="btn">
        {copy.insert.button}
      </button>
      <a href="/desk/replies">{copy.insert.manage}</a>
      <script nonce={choice.nonce} dangerouslySetInnerHTML={{ __html: FILL_SCRIPT }} />
    </form>
  );
}

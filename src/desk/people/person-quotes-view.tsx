import { desk } from '../../words/desk';
import { personQuotes as copy } from './quotes-words';
import type { PersonQuote } from './person-quotes';
import { EraseCard } from './erase-card';
import { ListCard } from '../cards/list-card';

/**
 * A person's quotes: the words, the name and role they are shown with, and where they are. The address or number
 * kept privately with a quote is shown only in the content editor (and is in the person's copy).
 */
export function QuotesCard({ quotes }: { quotes: PersonQuote[] }) {
  return (
    <ListCard id="person-quotes" title={copy.title} items={quotes}>
      {(q) => (
        <li key={`${q.name}\n${q.quote}\n${q.inDraft}`}>
          <blockquote>{q.quote}</blockquote>
          <p className="desk-meta">
            {[q.name, q.role, copy.agreed(q.consentDate), copy.where(q.inDraft, q.live, q.shown)]
              .filter(Boolean)
              .join(' · ')}
          </p>
        </li>
      )}
    </ListCard>
  );
}

/** After an erasure: the quotes the live site still holds go only when the owners publish. */
export function PublishNote({ live }: { live?: number }) {
  if (!live) return null;
  return (
    <>
      {` ${copy.publish(live)} `}
      <a href="/desk/content">{copy.openContent}</a>
    </>
  );
}

const FORM_ID = 'named-form';

/** What a search by name finds: the quotes shown under it, their copy, and taking them out of the draft. */
export function NamedQuotes(props: { name: string; quotes: PersonQuote[]; confirmError?: string }) {
  const { name, quotes, confirmError } = props;
  if (quotes.length === 0) {
    return (
      <>
        <p className="desk-empty">{copy.namedNothing(name)}</p>
        <p className="desk-meta">{copy.namedHint}</p>
      </>
    );
  }
  return (
    <>
      <h2 className="desk-subtitle">{copy.namedFound(quotes.length, name)}</h2>
      <p className="desk-meta">{copy.namedHint}</p>
      <form id={FORM_ID} method="post" action="/desk/people/erase" noValidate>
        <input type="hidden" name="q" value={name} />
      </form>
      <p>
        <button type="submit" form={FORM_ID} formAction="/desk/people/export.json" className="btn btn-outline">
          {desk.people.download}
        </button>
      </p>
      <QuotesCard quotes={quotes} />
      <EraseCard form={FORM_ID} id="erase-name" words={copy} label={copy.confirmName} error={confirmError} />
    </>
  );
}

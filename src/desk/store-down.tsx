import { deskStoreDown as copy } from './store-down-words';

/**
 * The page the desk answers (503) when its records cannot be reached: what happened, what still works, that
 * nothing was lost, when to try again (a link back to the page, for a GET).
 */
export function StoreDownPage({ posted, again }: { posted: boolean; again?: string }) {
  return (
    <section className="desk-card desk-store-down" aria-labelledby="store-down-title">
      <h1 id="store-down-title" className="desk-title">
        {copy.title}
      </h1>
      <p>{copy.lead}</p>
      <p>
        <strong>{copy.nothingLost}</strong>
        {posted ? ` ${copy.notSaved}` : null}
      </p>
      <h2>{copy.stillWorks.title}</h2>
      <ul>
        {copy.stillWorks.items.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
      <p>{copy.tryAgain}</p>
      {again ? (
        <p>
          <a className="btn btn-cta" href={again}>
            {copy.again}
          </a>
        </p>
      ) : null}
    </section>
  );
}

/** One part of a page that could not be read: says so where the part would be. */
export function PartUnreadable({ what }: { what: keyof typeof copy.parts }) {
  return (
    <p className="desk-banner desk-banner-info desk-part-unreadable" role="status">
      {copy.part(copy.parts[what])}
    </p>
  );
}

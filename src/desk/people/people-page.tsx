import { desk } from '../../words/desk';
import { optOut as optOutCopy } from '../../words/conversations/opt-out';
import { RETENTION_ERASER, type Erasure } from '../../store/people/erasures';
import { contactOf } from '../../store/leads/lead';
import { idOf, type PersonRecords } from './people';
import type { PersonQuote } from './person-quotes';
import { when } from '../format';
import { NamedQuotes, PublishNote, QuotesCard } from './person-quotes-view';
import { EraseCard } from './erase-card';
import { ListCard } from '../cards/list-card';
import { ClientsCard } from './person-clients-view';
import { deskGuides } from '../../words/guides/desk-guides';

const copy = desk.people;

export interface PeopleView {
  /** What was searched for, as typed. */
  q?: string;
  /** The person it names, as the store matches them; absent when q is not an email address or number. */
  who?: string;
  records?: PersonRecords & { quotes?: PersonQuote[] };
  /** A search by name: the quotes shown under it. */
  named?: { name: string; quotes: PersonQuote[] };
  /** A message by the search box or the confirmation box. */
  errors?: { q?: string; confirm?: string };
  /** The store did not answer: what was (not) done, shown in place of the records. */
  failure?: string;
  /** The erasure just made, shown once after it. */
  erased?: Erasure;
  log: Erasure[];
}

/** Find a person by address or number; their records, a copy to download, and the erase form; the erasure log. */
export function PeoplePage({ q, who, records, named, errors, failure, erased, log }: PeopleView) {
  const received = records?.conversations.reduce((n, c) => n + c.messages.length, 0) ?? 0;
  const quotes = records?.quotes?.length ?? 0;
  const clients = records ? records.clients.engagements.length + records.clients.testimonials.length : 0;
  const held = records ? records.leads.length + records.dead.length + records.messages.length : 0;
  const guides = records ? records.guides.requests.length + records.guides.toolEvents.length : 0;
  const total = held + received + quotes + clients + guides;
  return (
    <>
      <h1 className="desk-title">{copy.title}</h1>
      <p className="desk-meta">{copy.intro}</p>
      {erased ? (
        <p className="desk-banner desk-banner-info" role="status">
          {`${copy.erased} ${erasureLine(erased)}.`}
          {erased.tool ? ` ${copy.tool(erased.tool)}` : null}
          <PublishNote live={erased.counts.quotesLive} />
        </p>
      ) : null}
      {failure ? (
        <p className="desk-banner desk-banner-warning" role="alert">
          {failure}
        </p>
      ) : null}
      <form className="desk-filters" method="post" action="/desk/people" role="search" noValidate>
        <label className="desk-people-label" htmlFor="people-q">
          {copy.search}
        </label>
        <div className="desk-search">
          <input
            id="people-q"
            type="search"
            name="q"
            defaultValue={q ?? ''}
            maxLength={254}
            autoComplete="off"
            aria-invalid={errors?.q ? true : undefined}
            aria-describedby={errors?.q ? 'people-q-error' : undefined}
          />
          <button type="submit" className="btn btn-cta">
            {copy.find}
          </button>
        </div>
        {errors?.q ? (
          <p id="people-q-error" className="desk-field-error">
            {errors.q}
          </p>
        ) : null}
      </form>

      {named ? <NamedQuotes {...named} confirmError={errors?.confirm} /> : null}
      {who && records ? (
        total === 0 ? (
          <p className="desk-empty">{copy.nothing(who)}</p>
        ) : (
          <Records
            who={who}
            records={records}
            total={total}
            received={received}
            q={q ?? ''}
            confirmError={errors?.confirm}
          />
        )
      ) : null}

      <section className="desk-card" aria-labelledby="erasures-heading">
        <h2 id="erasures-heading">{copy.log}</h2>
        {log.length === 0 ? <p className="desk-meta">{copy.logEmpty}</p> : null}
        <ul className="desk-erasures">
          {log.map((e) => (
            <li key={e.id}>
              <time dateTime={e.at}>{when(e.at)}</time>
              {` · ${e.by === RETENTION_ERASER ? copy.retention : e.by} · ${erasureLine(e)}`}
              {e.tool ? ` · ${copy.tool(e.tool)}` : null}
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}

/** What an erasure removed, and for how many confirmed identifiers. */
const erasureLine = ({ counts }: Erasure) =>
  counts.identifiers ? `${copy.counts(counts)}, ${copy.identifiers(counts.identifiers)}` : copy.counts(counts);

/** The one form of a found person: which identifiers are theirs, the copy, and the erasure (its buttons pick the action). */
const FORM_ID = 'person-form';

function Records(props: {
  who: string;
  records: PersonRecords & { quotes?: PersonQuote[] };
  total: number;
  received: number;
  q: string;
  confirmError?: string;
}) {
  const { who, records, total, received, q, confirmError } = props;
  // The ones the owner ticked stay ticked; the others their forms held are offered unticked.
  const boxes = [
    ...records.confirmed.slice(1).map((p) => ({ value: idOf(p), checked: true })),
    ...records.others.map((p) => ({ value: idOf(p), checked: false })),
  ];
  return (
    <>
      <h2 className="desk-subtitle">{copy.found(total, who)}</h2>
      <form id={FORM_ID} method="post" action="/desk/people/erase" noValidate>
        <input type="hidden" name="q" value={q} />
      </form>
      {boxes.length > 0 ? (
        <section className="desk-card" aria-labelledby="person-others">
          <h2 id="person-others">{copy.others}</h2>
          <p className="desk-meta">{copy.othersHint}</p>
          <ul className="desk-list desk-others">
            {boxes.map((box, i) => (
              <li key={box.value}>
                <label className="desk-check">
                  <input
                    type="checkbox"
                    form={FORM_ID}
                    name={`also.${i}`}
                    value={box.value}
                    defaultChecked={box.checked}
                  />
                  <span>
                    <strong>{box.value}</strong> {copy.belongs}
                  </span>
                </label>
              </li>
            ))}
          </ul>
          <button type="submit" form={FORM_ID} formAction="/desk/people" className="btn btn-outline">
            {copy.include}
          </button>
        </section>
      ) : null}
      <p>
        <button type="submit" form={FORM_ID} formAction="/desk/people/export.json" className="btn btn-outline">
          {copy.download}
        </button>
      </p>
      <ListCard id="person-leads" title={copy.leads} items={records.leads}>
        {(lead) => {
          const c = contactOf(lead);
          return (
            <li key={`${lead.kind}:${lead.id}`}>
              <a className="desk-item-link" href={`/desk/leads/${lead.kind}/${encodeURIComponent(lead.id)}`}>
                <span className="desk-item-top">
                  <span className={`desk-kind desk-kind-${lead.kind}`}>{desk.kinds[lead.kind]}</span>
                  <strong>{c.name || c.email || c.phone}</strong>
                </span>
                <time className="desk-meta" dateTime={lead.createdAt}>
                  {when(lead.createdAt)}
                </time>
              </a>
              {lead.desk.note ? <p className="desk-meta">{lead.desk.note}</p> : null}
            </li>
          );
        }}
      </ListCard>
      <QuotesCard quotes={records.quotes ?? []} />
      <ListCard id="person-dead" title={copy.dead} items={records.dead}>
        {(d) => (
          <li key={d.id}>
            {desk.kinds[d.kind as keyof typeof desk.kinds] ?? d.kind} · {when(d.createdAt)}
          </li>
        )}
      </ListCard>
      <ListCard id="person-messages" title={copy.messages} items={records.messages}>
        {(m) => (
          <li key={`${m.submissionId}|${m.template}|${m.to}`}>
            {copy.messageLine(
              desk.messages.templates[m.template] ?? m.template,
              m.to === 'owner' ? copy.owner : m.to,
              desk.messages.states[m.status] ?? m.status,
              when(m.sentAt ?? m.createdAt),
            )}
          </li>
        )}
      </ListCard>
      {received > 0 ? <p className="desk-meta">{copy.conversations(received)}</p> : null}
      {(records.optOuts ?? []).map((o) => (
        <p key={o.phone} className="desk-meta desk-opted-out">
          {optOutCopy.personLine(o.phone, when(o.at))}
        </p>
      ))}
      {records && records.bookings.length > 0 ? (
        <p className="desk-meta">{copy.bookings(records.bookings.length)}</p>
      ) : null}
      {records.payments.requests.length + records.payments.payments.length > 0 ? (
        <p className="desk-meta">{copy.payments(records.payments.requests.length, records.payments.payments.length)}</p>
      ) : null}
      <ClientsCard clients={records.clients} />
      {records.guides.requests.length + records.guides.toolEvents.length > 0 ? (
        <p className="desk-meta">
          {deskGuides.personLine(records.guides.requests.length, records.guides.toolEvents.length)}
        </p>
      ) : null}
      <EraseCard form={FORM_ID} id="erase-confirm" words={copy} label={copy.confirm} error={confirmError} />
    </>
  );
}

import type { ReactNode } from 'react';
import { conversation } from '../../words/conversations/conversation';
import { desk } from '../../words/desk';
import { FOLLOW_UP_STATUSES, type LeadRecord } from '../../store/leads/listing';
import { WHOSE, type ListParams } from '../params';
import { ownerWords } from '../../words/leads/owner';
import type { InboxOwners } from './owner/owners';
import { when } from '../format';
import { LEAD_KINDS, contactOf } from '../../store/leads/lead';

/** Builds a desk link keeping the current filters (a plain GET link, so it works without scripts). */
export function deskHref(path: string, params: Partial<ListParams>): string {
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v) search.set(k, String(v));
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}

export function InboxPage({
  leads,
  params,
  next,
  replies,
  unread,
  calls,
  due,
  owners,
}: {
  leads: LeadRecord[];
  params: ListParams;
  next?: string;
  /** Leads with unread WhatsApp replies, newest first, above the list. */
  replies?: ReactNode;
  /** Unread replies per lead (`kind:id`), marked on its row. */
  unread?: Map<string, number>;
  /** The calls of today and the next days, above everything (src/desk/leads/calls.tsx). */
  calls?: ReactNode;
  /** The leads to come back to: overdue, due today, no call yet (src/desk/leads/next/due-section.tsx). */
  due?: ReactNode;
  /** Whose each row is (src/desk/leads/owner/owners.ts). */
  owners?: InboxOwners;
}) {
  const filtered = Boolean(params.q || params.kind || params.status || params.owner || params.from || params.to);
  const { cursor: _cursor, ...filters } = params;
  return (
    <>
      <h1 className="desk-title">{desk.kindsPlural[params.kind ?? 'all']}</h1>
      {calls}
      {due}
      {replies}
      <form className="desk-filters" method="get" action="/desk" role="search">
        <div className="desk-search">
          <label className="visually-hidden" htmlFor="desk-q">
            {desk.filters.search}
          </label>
          <input
            id="desk-q"
            type="search"
            name="q"
            defaultValue={params.q ?? ''}
            placeholder={desk.filters.placeholder}
            maxLength={120}
          />
          <button type="submit" className="btn btn-cta">
            {desk.filters.searchButton}
          </button>
        </div>
        <div className="desk-filter-row">
          <FilterSelect
            name="kind"
            label={desk.filters.kind}
            value={params.kind}
            options={[['', desk.kindsPlural.all], ...LEAD_KINDS.map((k) => [k, desk.kindsPlural[k]] as const)]}
          />
          <FilterSelect
            name="status"
            label={desk.filters.status}
            value={params.status}
            options={[['', desk.filters.anyStatus], ...FOLLOW_UP_STATUSES.map((s) => [s, desk.statuses[s]] as const)]}
          />
          <FilterSelect
            name="owner"
            label={ownerWords.filter}
            value={params.owner}
            options={[['', ownerWords.filters.all], ...WHOSE.map((w) => [w, ownerWords.filters[w]] as const)]}
          />
          <label>
            <span>{desk.filters.from}</span>
            <input type="date" name="from" defaultValue={params.from ?? ''} />
          </label>
          <label>
            <span>{desk.filters.to}</span>
            <input type="date" name="to" defaultValue={params.to ?? ''} />
          </label>
          <button type="submit" className="btn btn-outline">
            {desk.filters.apply}
          </button>
          {filtered ? (
            <a className="desk-clear" href="/desk">
              {desk.filters.clear}
            </a>
          ) : null}
        </div>
      </form>
      {leads.length === 0 ? (
        <p className="desk-empty">{filtered || params.cursor ? desk.list.empty : desk.list.emptyAll}</p>
      ) : (
        <ol className="desk-list">
          {leads.map((lead) => (
            <LeadItem
              key={`${lead.kind}:${lead.id}`}
              lead={lead}
              unread={unread?.get(`${lead.kind}:${lead.id}`) ?? 0}
              owner={owners?.nameOf(lead.desk)}
            />
          ))}
        </ol>
      )}
      <nav className="desk-pager" aria-label="Pages">
        {params.cursor ? <a href={deskHref('/desk', filters)}>{desk.list.newest}</a> : null}
        {next ? (
          <a rel="next" href={deskHref('/desk', { ...filters, cursor: next })}>
            {desk.list.older}
          </a>
        ) : null}
      </nav>
    </>
  );
}

/** One of the list's filters as a select: its label, and the options as [value, label], the first for "any". */
function FilterSelect({
  name,
  label,
  value,
  options,
}: {
  name: string;
  label: string;
  value: string | undefined;
  options: ReadonlyArray<readonly [string, string]>;
}) {
  return (
    <label>
      <span>{label}</span>
      <select name={name} defaultValue={value ?? ''}>
        {options.map(([v, text]) => (
          <option key={v} value={v}>
            {text}
          </option>
        ))}
      </select>
    </label>
  );
}

function LeadItem({ lead, unread, owner }: { lead: LeadRecord; unread: number; owner: string | undefined }) {
  const { name, email, phone } = contactOf(lead);
  return (
    <li className="desk-item">
      <a className="desk-item-link" href={`/desk/leads/${lead.kind}/${encodeURIComponent(lead.id)}`}>
        <span className="desk-item-top">
          <span className={`desk-kind desk-kind-${lead.kind}`}>{desk.kinds[lead.kind]}</span>
          <span className={`desk-status desk-status-${lead.desk.status}`}>{desk.statuses[lead.desk.status]}</span>
          {owner ? <span className="desk-owner-tag">{ownerWords.tag(owner)}</span> : null}
          {unread > 0 ? <span className="desk-unread">{conversation.unreadCount(unread)}</span> : null}
          <time dateTime={lead.createdAt}>{when(lead.createdAt)}</time>
        </span>
        <span className="desk-item-name">{name || email || desk.list.noName}</span>
        <span className="desk-item-contact">{[name ? email : '', phone].filter(Boolean).join(' · ')}</span>
      </a>
    </li>
  );
}

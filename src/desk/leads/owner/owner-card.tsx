import type { Context } from 'hono';
import type { DeskState, LeadRecord } from '../../../store/leads/listing';
import { ownerWords as copy } from '../../../words/leads/owner';
import { when } from '../../format';
import type { Banner } from '../../document';
import { leadPath, type DeskEnv } from '../../page';
import { leadOwners, ownerOf, whoseWords, type LeadOwner } from './owners';

/** The query a lead's page is sent back with once its owner changed: its banner says whose the lead is now. */
export const OWNER_SAVED = 'owner=saved';

/** A refused owner form, by the request it came in: the lead's page shows the message by the buttons. */
const refusals = new WeakMap<Context<DeskEnv>, string>();

export function refuseOwner(c: Context<DeskEnv>, message: string): void {
  refusals.set(c, message);
}

/** Whose a lead is, on its page (none for a newsletter subscription), with the form refused on this request. */
export function leadOwnerCard(c: Context<DeskEnv>, lead: LeadRecord) {
  if (lead.kind === 'newsletter') return null;
  const error = refusals.get(c);
  return (
    <OwnerCard
      desk={lead.desk}
      owners={leadOwners(c.env)}
      me={c.var.owner.email}
      action={`${leadPath(lead.kind, lead.id)}/owner`}
      {...(error && { error })}
    />
  );
}

/** The banner of a lead's page just after its owner changed. */
export function ownerBanners(c: Context<DeskEnv>, lead: LeadRecord): Banner[] {
  if (new URL(c.req.url).search !== `?${OWNER_SAVED}` || lead.kind === 'newsletter') return [];
  return [{ tone: 'info', text: copy.saved(whoseWords(lead.desk, leadOwners(c.env), c.var.owner.email)) }];
}

/**
 * Whose a lead is and who said so when, with one button per choice (a plain form, no script needed): take it
 * (the signed-in owner, when they are one of OWNER_EMAILS), give it to each other owner, or make it nobody's.
 */
export function OwnerCard({
  desk,
  owners,
  me,
  action,
  error,
}: {
  desk: DeskState;
  owners: LeadOwner[];
  /** The signed-in owner's address. */
  me: string;
  action: string;
  /** A refused form's message, shown by the buttons. */
  error?: string;
}) {
  const current = ownerOf(desk, owners);
  const mine = me.toLowerCase();
  const self = owners.find((o) => o.email === mine);
  const byName = (email: string) => owners.find((o) => o.email === email.toLowerCase())?.name ?? email;
  return (
    <section className="desk-card desk-owner" aria-labelledby="owner-heading">
      <h2 id="owner-heading">{copy.title}</h2>
      <p>
        <strong className="desk-owner-whose">{whoseWords(desk, owners, me)}</strong>
      </p>
      {desk.ownerBy ? <p className="desk-meta">{copy.setBy(byName(desk.ownerBy), when(desk.ownerAt))}</p> : null}
      <form method="post" action={action} className="desk-status-form">
        {self && current?.email !== mine ? (
          <button type="submit" name="owner" value={self.label} className="btn btn-cta">
            {copy.take}
          </button>
        ) : null}
        {owners
          .filter((o) => o.email !== mine && o.email !== current?.email)
          .map((o) => (
            <button key={o.email} type="submit" name="owner" value={o.label} className="btn btn-outline">
              {copy.give(o.name)}
            </button>
          ))}
        {current ? (
          <button type="submit" name="owner" value="" className="btn btn-outline">
            {copy.nobody}
          </button>
        ) : null}
      </form>
      {error ? (
        <p id="owner-error" className="desk-field-error" role="alert">
          {error}
        </p>
      ) : null}
      <p className="desk-meta">{copy.hint}</p>
    </section>
  );
}

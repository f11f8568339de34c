import type { ReactNode } from 'react';
import type { EngagementRecord } from '../../store/clients/clients';
import type { BookingRecord } from '../../store/bookings/bookings';
import { countSessions, type SessionCount } from '../../clients/sessions';
import { TextField } from '../form-parts';
import { day, when } from '../format';
import { deskClients } from '../../words/clients/desk-clients';
import { NO_TERMS, type EngagementFormState, type EngagementOffer } from './engagement-form';

const copy = deskClients.card;

/** What the lead page's "Client" card shows (src/desk/clients/client-view.ts reads it). */
export interface ClientCardView {
  /** The lead's page: the forms post to `${base}/engagement…`. */
  base: string;
  isClient: boolean;
  engagements: EngagementRecord[];
  bookings: BookingRecord[];
  now: Date;
  offer: EngagementOffer;
  formId: string;
  today: string;
  /** What the last post did (a notice after a 303), or the refused form. */
  done?: string;
  state?: EngagementFormState;
  /** More parts of each engagement's block (the no-show question, the testimonial request), by engagement id. */
  extras?: (engagement: EngagementRecord, count: SessionCount) => ReactNode;
}

/** A client lead's engagements, each in its own block, then the form that starts another. */
export function ClientCard({ view }: { view: ClientCardView }) {
  return (
    <section className="desk-card desk-client" id="client" aria-labelledby="client-heading">
      <h2 id="client-heading">{copy.heading}</h2>
      {view.done ? (
        <p className="desk-meta" role="status">
          {view.done}
        </p>
      ) : null}
      {view.state?.errors.status ? <p className="desk-field-error">{view.state.errors.status}</p> : null}
      {view.engagements.length === 0 ? <p className="desk-meta">{copy.none}</p> : null}
      {view.engagements.map((e) => {
        const count = countSessions(e, view.bookings, view.now);
        return (
          <EngagementBlock key={e.id} engagement={e} count={count} base={view.base} now={view.now}>
            {view.extras?.(e, count)}
          </EngagementBlock>
        );
      })}
      {view.isClient ? <StartForm view={view} /> : <p className="desk-meta">{copy.onlyClients}</p>}
    </section>
  );
}

/** One engagement: sessions, next call, validity, terms, the link and what an owner does with it. */
export function EngagementBlock(props: {
  engagement: EngagementRecord;
  count: SessionCount;
  base: string;
  now: Date;
  children?: ReactNode;
}) {
  const { engagement: e, count } = props;
  const action = `${props.base}/engagement/${encodeURIComponent(e.id)}`;
  const live = e.link && Date.parse(e.link.expiresAt) > props.now.getTime();
  return (
    <article className="desk-engagement" aria-label={e.programTitle}>
      <h3>{e.programTitle}</h3>
      <dl className="desk-fields">
        <dt>{copy.sessions}</dt>
        <dd>{copy.used(count.used, e.sessions, count.left)}</dd>
        <dt>{copy.next}</dt>
        <dd>{count.next ? when(count.next.startAt) : copy.noNext}</dd>
        <dt>{copy.valid}</dt>
        <dd>{day(e.validUntil)}</dd>
        <dt>{copy.terms}</dt>
        <dd>
          {!e.terms
            ? copy.termsNone
            : e.accepted
              ? copy.termsAccepted(e.accepted.versionId, when(e.accepted.at))
              : copy.termsNotAccepted(e.terms.versionId)}
        </dd>
        <dt>{copy.link}</dt>
        <dd>
          {live && e.link
            ? copy.linkLive(when(e.link.expiresAt))
            : e.revokedAt
              ? copy.linkRevoked(when(e.revokedAt))
              : copy.linkNone}
        </dd>
      </dl>
      {props.children}
      <div className="desk-actions">
        <form method="post" action={`${action}/link`}>
          <button type="submit" className="btn btn-outline">
            {copy.fresh}
          </button>
        </form>
        {e.link ? (
          <form method="post" action={`${action}/revoke`}>
            <button type="submit" className="btn btn-outline">
              {copy.revoke}
            </button>
          </form>
        ) : null}
      </div>
    </article>
  );
}

function StartForm({ view }: { view: ClientCardView }) {
  const { values = {}, errors = {} } = view.state ?? {};
  const first = view.offer.programs[0];
  const program = values.program ?? first?.slug ?? '';
  const sessions = values.sessions ?? String(view.offer.programs.find((p) => p.slug === program)?.sessions ?? '');
  return (
    <form method="post" action={`${view.base}/engagement`} className="desk-engagement-form">
      <h3>{copy.start}</h3>
      <input type="hidden" name="formId" value={view.formId} />
      {errors.formId ? <p className="desk-field-error">{errors.formId}</p> : null}
      <Select id="client-program" name="program" label={copy.program} value={program} error={errors.program}>
        {view.offer.programs.map((p) => (
          <option key={p.slug} value={p.slug}>
            {p.title}
          </option>
        ))}
      </Select>
      <TextField
        id="client-sessions"
        name="sessions"
        label={copy.sessions}
        hint={copy.sessionsHint}
        inputMode="numeric"
        defaultValue={sessions}
        error={errors.sessions}
      />
      <TextField
        id="client-valid-until"
        name="valid_until"
        type="date"
        label={copy.validUntil}
        hint={copy.validUntilHint}
        min={view.today}
        defaultValue={values.valid_until ?? ''}
        error={errors.valid_until}
      />
      <Select id="client-terms" name="terms" label={copy.terms} value={values.terms ?? ''} error={errors.terms}>
        <option value="">{copy.currentTerms}</option>
        {view.offer.terms.map((t) => (
          <option key={`${t.program}:${t.versionId}`} value={String(t.versionId)}>
            {`${view.offer.programs.find((p) => p.slug === t.program)?.title ?? t.program}: ${copy.termsVersion(t.versionId, when(t.publishedAt))}`}
          </option>
        ))}
        <option value={NO_TERMS}>{copy.noTerms}</option>
      </Select>
      <p>
        <button type="submit" className="btn btn-cta">
          {copy.submit}
        </button>
      </p>
    </form>
  );
}

function Select(props: {
  id: string;
  name: string;
  label: string;
  value: string;
  error?: string;
  children: ReactNode;
}) {
  return (
    <p className="desk-field">
      <label htmlFor={props.id}>{props.label}</label>
      <select
        id={props.id}
        name={props.name}
        defaultValue={props.value}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={props.error ? `${props.id}-error` : undefined}
      >
        {props.children}
      </select>
      {props.error ? (
        <span id={`${props.id}-error`} className="desk-field-error">
          {props.error}
        </span>
      ) : null}
    </p>
  );
}

import { readConfig, type Env } from '../../env';
import { conversationId } from '../../store/conversations/conversations';
import { getConversationStore } from '../../store/conversations/open';
import { optOutsOf } from '../../store/conversations/opt-outs';
import { BOOKABLE_KINDS } from '../../store/leads/lead';
import { getLeadStore } from '../../store/leads/open';
import { nudgeWords as words } from '../../words/nudges/nudges';
import { lastAnswers, newestBySender, waitingHours } from '../conversations/waiting';
import { LOOK_BACK_MS, leadsWithoutCall } from './no-call';
import { nudgeKeys } from './nudge-keys';
import { CONVERSATION_KIND, leadNudge, type Nudge } from './nudge-message';

// The four reasons to nudge an owner, each a bounded read that answers the nudges due now. Each nudge's key names
// its rule and what makes it once: a next date is nudged once per date (a moved date again, a cleared one never), a
// new lead and a quiz lead without a call once each, a waiting conversation once per visitor message it waits on.

const HOUR = 3_600_000;
/** At most this many dated leads are read per run: soonest first from the look-back on (older dates are never read). */
const DATED_LIMIT = 200;
/** At most this many new leads of each kind are read per run. */
const NEW_LIMIT = 50;
/** The newest messages read for waiting conversations: a run every 15 minutes needs only the recent ones. */
const WAITING_SAMPLE = 100;

/**
 * Next dates that have come. One more than LOOK_BACK_MS past is left alone: a clock set wrong, or a store restored
 * from a backup, must never flood the owners with every old date at once.
 */
export async function dueNudges(env: Env, now: Date): Promise<Nudge[]> {
  const url = readConfig(env).site.url;
  const oldest = now.getTime() - LOOK_BACK_MS;
  return (await getLeadStore(env).dated(DATED_LIMIT, new Date(oldest).toISOString()))
    .filter((lead) => {
      const at = Date.parse(lead.desk.nextAt ?? '');
      return at <= now.getTime() && at >= oldest;
    })
    .map((lead) =>
      leadNudge(lead, url, nudgeKeys.due(lead.kind, lead.id, lead.desk.nextAt ?? ''), lead.desk.nextNote ?? ''),
    );
}

/** Quiz responses and enquiries still `new` NUDGE_NEW_HOURS after they arrived (and not LOOK_BACK_MS more). */
export async function newNudges(env: Env, now: Date): Promise<Nudge[]> {
  const config = readConfig(env);
  const hours = config.alerts.nudgeNewHours;
  // The list's upper bound is exclusive: one millisecond more takes in a lead exactly the hours old.
  const to = now.getTime() - hours * HOUR + 1;
  const store = getLeadStore(env);
  const nudges: Nudge[] = [];
  for (const kind of BOOKABLE_KINDS) {
    const page = await store.list({
      kind,
      status: 'new',
      from: new Date(to - LOOK_BACK_MS).toISOString(),
      to: new Date(to).toISOString(),
      limit: NEW_LIMIT,
    });
    // A lead Turnstile did not vouch for reaches the owners only as a count in the digest.
    for (const lead of page.leads.filter((l) => l.verified !== false))
      nudges.push(leadNudge(lead, config.site.url, nudgeKeys.stillNew(kind, lead.id), words.stillNew(hours)));
  }
  return nudges;
}

/** Quiz responses with a recommendation and no call NUDGE_NO_CALL_HOURS after their result (leadsWithoutCall). */
export async function noCallNudges(env: Env, now: Date): Promise<Nudge[]> {
  const config = readConfig(env);
  const note = words.noCall(config.alerts.nudgeNoCallHours);
  return (await leadsWithoutCall(env, now)).map((lead) =>
    leadNudge(lead, config.site.url, nudgeKeys.noCall(lead.id), note),
  );
}

/**
 * Conversations whose visitor's last message has waited REPLY_DUE_HOURS for an owner's answer (and not LOOK_BACK_MS
 * more): about the lead the message is linked to when there is one, else about the conversation.
 */
export async function waitingNudges(env: Env, now: Date): Promise<Nudge[]> {
  const config = readConfig(env);
  const due = config.alerts.replyDueHours;
  const latest = newestBySender(await getConversationStore(env).latest(WAITING_SAMPLE)).filter(
    (m) => Date.parse(m.at) >= now.getTime() - due * HOUR - LOOK_BACK_MS,
  );
  if (latest.length === 0) return [];
  const since = latest.reduce((min, m) => (m.at < min ? m.at : min), now.toISOString());
  const answers = await lastAnswers(env.DB, since);
  const waiting = latest.filter((m) => waitingHours(m.at, answers.get(m.phone), due, now) !== null);
  // Nothing can be sent to a number that opted out: like the desk, it never waits for an answer.
  const key = config.privacy.erasureKey;
  const optedOut = new Set(
    (
      await optOutsOf(
        env.DB,
        key,
        waiting.map((m) => m.phone),
      )
    ).map((o) => o.phone),
  );
  const nudges: Nudge[] = [];
  for (const m of waiting.filter((w) => !optedOut.has(w.phone))) {
    const id = await conversationId(m.phone, key);
    const submissionId = nudgeKeys.waiting(id, m.at);
    const note = words.waiting(due);
    const ref = m.leads.find((l) => l.kind !== 'newsletter');
    const lead = ref ? await getLeadStore(env).get(ref.kind, ref.id) : null;
    nudges.push(
      lead
        ? leadNudge(lead, config.site.url, submissionId, note)
        : {
            submissionId,
            leadKind: CONVERSATION_KIND,
            first: words.noLead,
            note,
            link: `${config.site.url}/desk/conversations/${id}`,
          },
    );
  }
  return nudges;
}

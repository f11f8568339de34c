import { Hono, type Context } from 'hono';
import { desk as deskCopy } from '../../words/desk';
import { optOut as copy } from '../../words/conversations/opt-out';
import { findConversation } from './conversation';
import { LeadParams, parse } from '../params';
import { OPT_OUT_ID, type OptOutStep } from './opt-out';
import { readConfig } from '../../env';
import { isE164 } from '../../store/phone';
import { readRequestBody } from '../../http/body';
import { ApiException } from '../../http/errors';
import { logEvent } from '../../log';
import { optOutWord } from '../../notify/conversations/opt-outs';
import { getConversationStore } from '../../store/conversations/open';
import { contactOf } from '../../store/leads/lead';
import { optOutOf, recordOptOut, removeOptOut, removeOwnerOptOut } from '../../store/conversations/opt-outs';
import { getLeadStore } from '../../store/leads/open';
import { leadPath, type DeskEnv } from '../page';

/**
 * An owner records a visitor's request not to get WhatsApp messages (made by phone, email or in person), or undoes
 * it: from a conversation's page (`POST /desk/conversations/:conversation/opt-out`, `/opt-in`, by its opaque id) or a
 * lead's (`POST /desk/leads/:kind/:id/opt-out`, `/opt-in`). Recording asks first: a post without `confirm=yes`
 * records nothing and comes back to the page's confirm step. Right after, `/opt-out/undo` takes back what the owner
 * recorded (never a STOP the visitor wrote). Never a number in a URL; each answers 303 back to the page.
 */
export const optOuts = new Hono<DeskEnv>();

type Change = 'opt-out' | 'opt-in' | 'opt-out/undo';

/** The page back at the opt-out's place, at `step` (OptOutNotice shows it). */
const back = (page: string, step?: OptOutStep) => (step ? `${page}?opt-out=${step}#${OPT_OUT_ID}` : page);

/** Records, removes or undoes the opt-out of `phone` (E.164), by the signed-in owner; answers the step to show. */
async function change(c: Context<DeskEnv>, phone: string, what: Change): Promise<OptOutStep | undefined> {
  const key = readConfig(c.env).privacy.erasureKey;
  if (what === 'opt-out') {
    if ((await readRequestBody(c)).fields.confirm !== 'yes') return 'confirm';
    const at = new Date().toISOString();
    if (!(await recordOptOut(c.env.DB, key, phone, { at, how: 'owner', by: c.var.owner.email }))) return undefined;
    logEvent('info', 'conversation.opt-out', { change: 'opted_out', how: 'owner' });
    return 'recorded';
  }
  if (what === 'opt-out/undo') return undo(c, key, phone);
  if (await removeOptOut(c.env.DB, key, phone)) {
    logEvent('info', 'conversation.opt-out', { change: 'opted_in', how: 'owner' });
  }
  return undefined;
}

/**
 * Takes back an opt-out an owner recorded, restoring the number as it was; a STOP the visitor wrote stands (their
 * latest STOP or START in the conversation is STOP, whenever it arrived), and only their START ends it.
 */
async function undo(c: Context<DeskEnv>, key: string, phone: string): Promise<OptOutStep | undefined> {
  const optOut = await optOutOf(c.env.DB, key, phone);
  if (!optOut) return undefined;
  const received = await getConversationStore(c.env).from(phone);
  const words = received.flatMap((m) => optOutWord(m) ?? []);
  if (optOut.how !== 'owner' || words.at(-1) === 'out') return 'visitor-stopped';
  if (!(await removeOwnerOptOut(c.env.DB, key, phone))) return undefined;
  logEvent('info', 'conversation.opt-out', { change: 'opted_in', how: 'owner' });
  return 'undone';
}

for (const what of ['opt-out', 'opt-in', 'opt-out/undo'] as const) {
  optOuts.post(`/conversations/:conversation/${what}`, async (c) => {
    const id = c.req.param('conversation');
    const message = await findConversation(c.env, id);
    if (!message) throw new ApiException(404, 'not_found', deskCopy.lead.notFound);
    const step = await change(c, message.phone, what);
    const lead = message.leads[0];
    return c.redirect(back(lead ? leadPath(lead.kind, lead.id) : `/desk/conversations/${id}`, step), 303);
  });

  optOuts.post(`/leads/:kind/:id/${what}`, async (c) => {
    const { kind, id } = parse(LeadParams, c.req.param());
    const lead = await getLeadStore(c.env).get(kind, id);
    if (!lead) throw new ApiException(404, 'not_found', deskCopy.lead.notFound);
    const phone = contactOf(lead).phone;
    if (!phone || !isE164(phone)) throw new ApiException(409, 'no_phone', copy.noPhone);
    return c.redirect(back(leadPath(kind, id), await change(c, phone, what)), 303);
  });
}

import { Hono, type Context } from 'hono';
import { desk as deskCopy } from '../../content/desk';
import { optOut as copy } from '../../content/opt-out';
import { findConversation } from '../../desk/conversation';
import { LeadParams, parse } from '../../desk/params';
import { readConfig } from '../../env';
import { ApiException } from '../../http/errors';
import { logEvent } from '../../log';
import { contactOf } from '../../store/lead';
import { recordOptOut, removeOptOut } from '../../store/opt-outs';
import { getLeadStore } from '../../store/port';
import { leadPath, type DeskEnv } from './page';

/**
 * An owner records a visitor's request not to get WhatsApp messages (made by phone, email or in person), or undoes
 * it: from a conversation's page (`POST /desk/conversations/:conversation/opt-out`, `/opt-in`, by its opaque id) or a
 * lead's (`POST /desk/leads/:kind/:id/opt-out`, `/opt-in`). Never a number in a URL; each answers 303 back to the page.
 */
export const optOuts = new Hono<DeskEnv>();

type Change = 'opt-out' | 'opt-in';

/** Records or removes the opt-out of `phone` (E.164), by the signed-in owner. */
async function change(c: Context<DeskEnv>, phone: string, what: Change): Promise<void> {
  const key = readConfig(c.env).privacy.erasureKey;
  const changed =
    what === 'opt-out'
      ? await recordOptOut(c.env.DB, key, phone, { at: new Date().toISOString(), how: 'owner', by: c.var.owner.email })
      : await removeOptOut(c.env.DB, key, phone);
  if (changed)
    logEvent('info', 'conversation.opt-out', { change: what === 'opt-out' ? 'opted_out' : 'opted_in', how: 'owner' });
}

for (const what of ['opt-out', 'opt-in'] as const) {
  optOuts.post(`/conversations/:conversation/${what}`, async (c) => {
    const id = c.req.param('conversation');
    const message = await findConversation(c.env, id);
    if (!message) throw new ApiException(404, 'not_found', deskCopy.lead.notFound);
    await change(c, message.phone, what);
    const lead = message.leads[0];
    return c.redirect(lead ? leadPath(lead.kind, lead.id) : `/desk/conversations/${id}`, 303);
  });

  optOuts.post(`/leads/:kind/:id/${what}`, async (c) => {
    const { kind, id } = parse(LeadParams, c.req.param());
    const lead = await getLeadStore(c.env).get(kind, id);
    if (!lead) throw new ApiException(404, 'not_found', deskCopy.lead.notFound);
    const phone = contactOf(lead).phone;
    if (!phone || !/^\+[1-9]\d{6,14}$/.test(phone)) throw new ApiException(409, 'no_phone', copy.noPhone);
    await change(c, phone, what);
    return c.redirect(leadPath(kind, id), 303);
  });
}

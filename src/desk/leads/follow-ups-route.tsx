import { Hono, type Context } from 'hono';
import type { ReactNode } from 'react';
import * as z from 'zod';
import { desk as deskCopy } from '../../words/desk';
import { followUp as copy } from '../../words/follow-ups/follow-up';
import { findConversation } from '../conversations/conversation';
import { LeadParams, parse } from '../params';
import type { Banner } from '../document';
import { FollowUpCard, refusalText } from './follow-up';
import { readRequestBody } from '../../http/body';
import { ApiException } from '../../http/errors';
import {
  followUpMessage,
  followUpRefusal,
  leadVouches,
  leadWords,
  sendFollowUp,
  strangerWords,
  writerOf,
  type FollowUpWords,
} from '../../notify/follow-ups/follow-ups';
import { fillTemplate, WHATSAPP_TEMPLATES } from '../../notify/whatsapp/whatsapp-templates';
import type { ReceivedMessage } from '../../store/conversations/conversations';
import { contactOf } from '../../store/leads/lead';
import type { LeadRecord } from '../../store/leads/listing';
import { getLeadStore } from '../../store/leads/open';
import { leadPath, type DeskEnv } from '../page';

/** A follow-up's form: its own id, so a double tap sends once. */
export const FollowUpForm = z.object({ followUpId: z.uuid(copy.reload) });

/** The query a page is sent back with once a follow-up went: its banner says so. */
const SENT = 'sent=follow-up';

/**
 * An owner sends the approved follow-up template once WhatsApp's 24-hour window closed: to a lead's number
 * (`POST /desk/leads/:kind/:id/follow-up`) or to a person with no lead who wrote first
 * (`POST /desk/conversations/:conversation/follow-up`, by the conversation's opaque id). Refused (409, nothing sent)
 * by the rules of src/notify/follow-ups/follow-ups.ts; sent, 303 back to the page with a banner.
 */
export const followUps = new Hono<DeskEnv>();

followUps.post('/leads/:kind/:id/follow-up', async (c) => {
  // No such lead: an unknown kind or a malformed id is as unknown as a missing one.
  const params = LeadParams.safeParse(c.req.param());
  if (!params.success) throw new ApiException(404, 'not_found', deskCopy.lead.notFound);
  const { kind, id } = params.data;
  const form = parse(FollowUpForm, (await readRequestBody(c)).fields);
  const lead = await getLeadStore(c.env).get(kind, id);
  if (!lead) throw new ApiException(404, 'not_found', deskCopy.lead.notFound);
  const target = await leadTarget(c, lead);
  await send(c, form.followUpId, kind, target);
  return c.redirect(`${leadPath(kind, id)}?${SENT}`, 303);
});

followUps.post('/conversations/:conversation/follow-up', async (c) => {
  const id = c.req.param('conversation');
  const form = parse(FollowUpForm, (await readRequestBody(c)).fields);
  const message = await findConversation(c.env, id);
  if (!message) throw new ApiException(404, 'not_found', deskCopy.lead.notFound);
  // A lead's number is followed up on the lead's page.
  const lead = message.leads[0];
  if (lead) return c.redirect(leadPath(lead.kind, lead.id), 303);
  await send(c, form.followUpId, 'conversation', strangerTarget(c, message));
  return c.redirect(`/desk/conversations/${id}?${SENT}`, 303);
});

/** Whom a follow-up goes to and what it says. */
interface Target {
  phone: string | undefined;
  vouched: boolean;
  words: FollowUpWords;
}

async function leadTarget(c: Context<DeskEnv>, lead: LeadRecord): Promise<Target> {
  return {
    phone: contactOf(lead).phone || undefined,
    vouched: await leadVouches(c.env.DB, lead),
    words: { ...leadWords(lead), writer: writerOf(c.env, c.var.owner.email) },
  };
}

// A person with no lead wrote first from this number: WhatsApp vouches for it.
const strangerTarget = (c: Context<DeskEnv>, message: ReceivedMessage): Target => ({
  phone: message.phone,
  vouched: true,
  words: { ...strangerWords(message.profileName), writer: writerOf(c.env, c.var.owner.email) },
});

async function send(c: Context<DeskEnv>, formId: string, leadKind: string, target: Target): Promise<void> {
  const refusal = await sendFollowUp(c.env, { formId, leadKind, to: target.phone, ...target }, c.var.owner.email);
  if (refusal) throw new ApiException(409, refusal.reason, refusalText(refusal));
}

/** The follow-up a page offers (FollowUpCard): the message it would send, or why none may go now. */
async function offer(c: Context<DeskEnv>, action: string, target: Target): Promise<ReactNode> {
  const refusal = await followUpRefusal(c.env, target.phone, target.vouched);
  const message = followUpMessage(target.phone ?? '', target.words);
  const body = message.components.flatMap((m) => m.parameters.map((p) => p.text));
  const preview = fillTemplate(WHATSAPP_TEMPLATES.followUp, { body }).body.replace(/\n/g, ' ');
  return <FollowUpCard offer={{ action, formId: crypto.randomUUID(), preview, refusal }} />;
}

/** A lead's follow-up on its page. */
export async function leadFollowUp(c: Context<DeskEnv>, lead: LeadRecord): Promise<ReactNode> {
  return offer(c, `${leadPath(lead.kind, lead.id)}/follow-up`, await leadTarget(c, lead));
}

/** A lead's follow-up on a list (the inbox's "No call yet"): the form only when one may go now, else nothing. */
export async function allowedFollowUp(c: Context<DeskEnv>, lead: LeadRecord): Promise<ReactNode> {
  const target = await leadTarget(c, lead);
  if (await followUpRefusal(c.env, target.phone, target.vouched)) return null;
  return offer(c, `${leadPath(lead.kind, lead.id)}/follow-up`, target);
}

/** The follow-up on the page of a person with no lead (by the conversation's opaque id). */
export async function strangerFollowUp(c: Context<DeskEnv>, id: string, message: ReceivedMessage): Promise<ReactNode> {
  return offer(c, `/desk/conversations/${id}/follow-up`, strangerTarget(c, message));
}

/** The banner of a page a follow-up was just sent from. */
export function followUpBanners(c: Context<DeskEnv>): Banner[] {
  return c.req.query('sent') === 'follow-up' ? [{ tone: 'info', text: copy.sent }] : [];
}

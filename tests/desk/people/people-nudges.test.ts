/**
 * The owners' nudges about a person (`lead_due`: their first name, the owner's note) are theirs: their copy lists
 * them and their erasure blanks them, by the nudge keys of their leads and of their WhatsApp conversation; someone
 * else's nudge is untouched.
 */
import { env } from 'cloudflare:test';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { readConfig } from '../../../src/env';
import { senderRef } from '../../../src/notify/conversations/replies';
import { nudgeKeys } from '../../../src/notify/nudges/nudge-keys';
import { getLeadStore } from '../../../src/store/leads/open';
import { enquiryLead, quizLead } from '../../fixtures/leads';
import { postForm } from '../../support/api';
import { uniqueMobile } from '../../support/shared';
import { graphEnv } from '../../standins/whatsapp/graph-api';

afterEach(() => vi.unstubAllGlobals());

const fields = (q: string, also: string[]) => ({ q, ...Object.fromEntries(also.map((v, i) => [`also.${i}`, v])) });

async function nudgeRow(submissionId: string, kind: string, first: string) {
  const now = new Date().toISOString();
  const components = JSON.stringify([
    { type: 'body', parameters: [first, 'Call about the retreat', 'link'].map((text) => ({ type: 'text', text })) },
  ]);
  await env.DB.prepare(
    `INSERT INTO deliveries (submission_id, template, recipient, lead_kind, audience, status, components, created_at, updated_at)
     VALUES (?, 'lead_due', '+919800000001', ?, 'owner', 'sent', ?, ?, ?)`,
  )
    .bind(submissionId, kind, components, now, now)
    .run();
}

describe('a person’s nudges on the desk', () => {
  it('are in their copy and go with their erasure; another person’s stay', async () => {
    const e = graphEnv();
    const tag = crypto.randomUUID().slice(0, 8);
    const email = `lata.${tag}@example.org`;
    const phone = uniqueMobile();
    const quiz = quizLead({ contact: { first: 'Lata', last: 'Menon', email, phone } });
    const other = enquiryLead({ name: 'Someone Else', email: `else.${tag}@example.org`, phone: uniqueMobile() });
    for (const lead of [quiz, other]) await getLeadStore(e).save(lead);
    const ref = await senderRef(phone, readConfig(e).privacy.erasureKey);
    const theirs = [
      nudgeKeys.due('quiz', quiz.id, '2031-03-05T04:30:00.000Z'),
      nudgeKeys.stillNew('quiz', quiz.id),
      nudgeKeys.noCall(quiz.id),
      nudgeKeys.waiting(ref, '2031-03-05T01:00:00.000Z'),
    ];
    for (const key of theirs) await nudgeRow(key, 'quiz', 'Lata');
    const otherKey = nudgeKeys.stillNew('enquiry', other.id);
    await nudgeRow(otherKey, 'enquiry', 'Someone');

    const copy = (await (await postForm(e, '/desk/people/export.json', fields(email, [phone]))).json()) as {
      messages: { submissionId: string; template: string }[];
    };
    expect(
      copy.messages
        .filter((m) => m.template === 'lead_due')
        .map((m) => m.submissionId)
        .sort(),
    ).toEqual([...theirs].sort());

    const res = await postForm(e, '/desk/people/erase', { ...fields(email, [phone]), confirm: email });
    expect(res.status).toBe(303);
    const { results } = await env.DB.prepare(
      `SELECT submission_id, components FROM deliveries WHERE template = 'lead_due' AND submission_id IN (?, ?, ?, ?, ?)`,
    )
      .bind(...theirs, otherKey)
      .all<{ submission_id: string; components: string }>();
    const blanked = Object.fromEntries(results.map((r) => [r.submission_id, r.components === '[]']));
    expect(blanked).toEqual({ ...Object.fromEntries(theirs.map((k) => [k, true])), [otherKey]: false });
  });
});

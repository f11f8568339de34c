/**
 * Sessions counted by themselves, on a phone and a desktop: a client with a six-session engagement (started through
 * the dev route, as an owner would from the desk) books a call from their page's link (the booking tool's signed
 * webhook carrying the engagement's reference); the call's end passes; the owner marks a no-show on the lead's page,
 * which asks "count this session?" (5 of 6 left while counted); "Don't count it" gives it back: 6 of 6 left.
 */
import { deskBookings } from '../../src/desk/bookings/words';
import { deskOutcome } from '../../src/desk/bookings/outcome-words';
import { sessionWords } from '../../src/words/clients/sessions';
import { calcomBody } from '../../tests/support/booking-bodies';
import { hmacHex } from '../../tests/support/whatsapp-envelope';
import { sendEnquiry, signIn } from '../support/desk/desk';
import { uniqueEmail, uniquePhone } from '../support/leads';
import { elementsPastRightEdge } from '../support/overflow';
import { waitForLeads } from '../support/store';
import { expect, keepScreenshot, shotPath, test } from '../support/test';

const BASE = `http://127.0.0.1:${process.env.E2E_PORT || 8788}`;
/** The Cal.com webhook's secret the e2e server gives the Worker (scripts/dev/e2e-server.mjs). */
const CALCOM_SECRET = 'e2e-calcom-webhook-secret';
const HOUR = 3_600_000;

/** Posts a dev-only route of the Worker (development only, local requests only: src/dev-routes.ts). */
async function dev(path: string, body: object): Promise<Record<string, unknown>> {
  const res = await fetch(`${BASE}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(res.status, path).toBe(200);
  return (await res.json()) as Record<string, unknown>;
}

test('@both a client’s no-show is asked about, and "Don’t count it" gives the session back', async ({ page }, info) => {
  test.setTimeout(120_000);
  const email = uniqueEmail('session-count');
  await sendEnquiry(page, { name: 'Kavya Menon', phone: uniquePhone().typed, email, description: 'Six sessions' });
  const [lead] = await waitForLeads<{ id: string }>('enquiries', email);
  const leadPath = `/desk/leads/enquiry/${lead!.id}`;
  const engagement = await dev('/__dev/clients/engagement', {
    kind: 'enquiry',
    id: lead!.id,
    sessions: 6,
    validUntil: '2099-12-31',
    program: 'Aliveness Coaching',
  });

  // The call, booked from the client's page: the engagement's reference, not the lead's own.
  const uid = `session-count-${crypto.randomUUID()}`;
  const start = new Date(Date.now() + 2 * HOUR);
  const raw = JSON.stringify(
    calcomBody({
      uid,
      name: 'Kavya Menon',
      email,
      ref: String(engagement.reference),
      program: 'consultations',
      start: start.toISOString(),
      end: new Date(start.getTime() + HOUR).toISOString(),
    }),
  );
  const booked = await fetch(`${BASE}/webhooks/calcom`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Cal-Signature-256': await hmacHex(CALCOM_SECRET, raw) },
    body: raw,
  });
  expect(booked.status).toBe(200);

  // The call's end passes; the owner marks a no-show on the lead's page, where the call shows (linked to the client).
  await dev('/__dev/bookings/pass', { provider: 'calcom', id: uid, hours: 4 });
  await signIn(page);
  await page.goto(leadPath);
  const calls = page.getByRole('region', { name: deskBookings.lead.title });
  await calls
    .getByRole('group', { name: deskOutcome.question })
    .getByRole('button', { name: deskOutcome.values.no_show })
    .click();
  await expect(page).toHaveURL(new RegExp(`${leadPath}(\\?|#|$)`));

  // Counted by default: 5 of 6 left, and the question with its two answers.
  const question = calls.getByRole('group', { name: sessionWords.question('Aliveness Coaching') });
  await expect(calls.getByText(`${sessionWords.explain} ${sessionWords.left(5, 6)}`)).toBeVisible();
  expect(await elementsPastRightEdge(page), 'nothing past the right edge with the question').toEqual([]);
  await keepScreenshot(calls, { path: shotPath(info, 'session-count-asked') });

  await question.getByRole('button', { name: sessionWords.answers.no }).click();
  await expect(page).toHaveURL(new RegExp(`${leadPath}(\\?|#|$)`));
  await expect(calls.getByText(`${sessionWords.answered.no} ${sessionWords.left(6, 6)}`)).toBeVisible();
  await expect(question.getByRole('button', { name: sessionWords.answers.no })).toHaveAttribute('aria-pressed', 'true');
  expect(await elementsPastRightEdge(page), 'nothing past the right edge once answered').toEqual([]);
  await keepScreenshot(calls, { path: shotPath(info, 'session-count-answered') });
});

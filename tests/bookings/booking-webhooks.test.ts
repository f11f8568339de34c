/**
 * The booking tools' webhooks up to the store: each tool's signature, its bodies read as booking events, and the
 * routes' answers that never reach the store (unset secret, bad signature, too large, nothing to apply).
 */
import { env } from 'cloudflare:test';
import { describe, expect, it, vi } from 'vitest';
import { calcomEvents, readCalcom, verifyCalcom } from '../../src/bookings/calcom';
import { calendlyEvents, readCalendly, verifyCalendly } from '../../src/bookings/calendly';
import { BOOKING_WEBHOOK_MAX_BYTES } from '../../src/routes/webhooks/bookings';
import { callWorker } from '../support/api';
import {
  BOOKING_SECRETS,
  calcomBody,
  calendlyBody,
  calendlyInvitee,
  envWith,
  postCalcom,
  postCalendly,
  signCalendly,
} from '../support/bookings';
import { loggedEvents } from '../support/logs';
import { hmacHex } from '../support/whatsapp-envelope';

const REF = '0123456789abcdef01234567';
const START = '2031-03-04T09:30:00.000Z';
const END = '2031-03-04T10:00:00.000Z';
/** What both tools' sample bookings read as, whatever form the tool wrote them in. */
const ASHA = {
  event: 'created',
  startAt: START,
  endAt: END,
  name: 'Asha Rao',
  email: 'asha.rao@example.com',
  ref: REF,
  program: 'mind-body-reset',
};
const bytes = (text: string) => new TextEncoder().encode(text);

describe('calcomEvents', () => {
  it('reads a created booking: its uid, times, attendee, reference and program', () => {
    const body = calcomBody({
      uid: 'bFJeNb2uX8ANpT3JL5EfXw',
      start: '2031-03-04T15:00:00+05:30',
      end: END,
      name: '  Asha \n  Rao ',
      email: ' Asha.Rao@Example.COM ',
      ref: REF,
      program: 'mind-body-reset',
      createdAt: '2031-03-01T08:00:00Z',
    });
    expect(calcomEvents(body)).toEqual([
      {
        provider: 'calcom',
        bookingId: 'bFJeNb2uX8ANpT3JL5EfXw',
        at: '2031-03-01T08:00:00.000Z',
        ...ASHA,
      },
    ]);
  });

  it('reads a reschedule as the new booking replacing rescheduleUid, and a cancellation', () => {
    const [moved] = calcomEvents(
      calcomBody({ event: 'BOOKING_RESCHEDULED', uid: 'new-uid', rescheduleUid: 'old-uid' }),
    );
    expect(moved).toMatchObject({ event: 'rescheduled', bookingId: 'new-uid', replaces: 'old-uid' });
    const [cancelled] = calcomEvents(calcomBody({ event: 'BOOKING_CANCELLED', uid: 'gone-uid' }));
    expect(cancelled).toMatchObject({ event: 'cancelled', bookingId: 'gone-uid' });
    expect(cancelled).not.toHaveProperty('replaces');
  });

  it.each([
    'BOOKING_REQUESTED',
    'BOOKING_REJECTED',
    'BOOKING_PAYMENT_INITIATED',
    'BOOKING_PAID',
    'BOOKING_NO_SHOW_UPDATED',
    'MEETING_STARTED',
    'MEETING_ENDED',
    'RECORDING_READY',
    'toString',
  ])('ignores %s', (event) => {
    expect(readCalcom(calcomBody({ event }))).toEqual({ events: [], ignored: 1, skipped: 0 });
  });

  it.each([
    ['ABCDEF0123456789ABCDEF01', 'Mind Body'],
    ['asha.rao@example.com', 'x'.repeat(61)],
    [`${REF}0`, ''],
  ])('drops a reference %j and a program %j not in the site’s form, keeping the booking', (ref, program) => {
    const [event] = calcomEvents(calcomBody({ ref, program }));
    expect(event).toBeDefined();
    expect(event).not.toHaveProperty('ref');
    expect(event).not.toHaveProperty('program');
  });

  it('takes the form’s answers when there is no attendee, and cuts a long name to 200 characters', () => {
    const body = calcomBody({ name: `${'é'.repeat(150)} ${'a'.repeat(150)}`, email: 'Form@Example.com' });
    body.payload.attendees = [];
    const [event] = calcomEvents(body);
    expect(event!.email).toBe('form@example.com');
    expect([...event!.name]).toHaveLength(200);
  });

  it.each<[string, unknown]>([
    ['no body', undefined],
    ['not an object', 'BOOKING_CREATED'],
    ['no payload uid', { ...calcomBody(), payload: { ...calcomBody().payload, uid: '' } }],
    ['a start that is not a time', { ...calcomBody(), payload: { ...calcomBody().payload, startTime: 'tomorrow' } }],
    ['no createdAt', { ...calcomBody(), createdAt: undefined }],
    ['no address at all', calcomBody({ email: 'not an address' })],
  ])('skips %s', (_, body) => {
    expect(readCalcom(body)).toEqual({ events: [], ignored: 0, skipped: 1 });
  });
});

describe('calendlyEvents', () => {
  it('reads a created invitee: its URI, times, attendee and tracking', () => {
    const uri = calendlyInvitee();
    const body = calendlyBody({
      uri,
      start: '2031-03-04T09:30:00.000000Z',
      end: '2031-03-04T10:00:00.000000Z',
      name: ' Asha   Rao',
      email: 'ASHA.RAO@example.com ',
      ref: REF,
      program: 'mind-body-reset',
      createdAt: '2031-03-01T08:00:00.123456Z',
    });
    expect(calendlyEvents(body)).toEqual([
      {
        provider: 'calendly',
        bookingId: uri,
        at: '2031-03-01T08:00:00.123Z',
        ...ASHA,
      },
    ]);
  });

  it('reads a reschedule as its two halves: the old invitee cancelled and moved, the new one replacing it', () => {
    const [oldUri, newUri] = [calendlyInvitee(), calendlyInvitee()];
    const [cancelled] = calendlyEvents(
      calendlyBody({ event: 'invitee.canceled', uri: oldUri, rescheduled: true, new_invitee: newUri }),
    );
    expect(cancelled).toMatchObject({ event: 'cancelled', bookingId: oldUri, movedTo: newUri });
    const [created] = calendlyEvents(calendlyBody({ uri: newUri, old_invitee: oldUri, rescheduled: false }));
    expect(created).toMatchObject({ event: 'rescheduled', bookingId: newUri, replaces: oldUri });
  });

  it('reads a plain cancellation without movedTo', () => {
    const [event] = calendlyEvents(calendlyBody({ event: 'invitee.canceled', new_invitee: calendlyInvitee() }));
    expect(event!.event).toBe('cancelled');
    expect(event).not.toHaveProperty('movedTo');
  });

  it.each(['invitee_no_show.created', 'invitee_no_show.deleted', 'routing_form_submission.created'])(
    'ignores %s',
    (event) => {
      expect(readCalendly(calendlyBody({ event }))).toEqual({ events: [], ignored: 1, skipped: 0 });
    },
  );

  it('drops tracking not in the site’s form, keeping the booking', () => {
    const [event] = calendlyEvents(calendlyBody({ ref: 'asha.rao@example.com', program: '../desk' }));
    expect(event).not.toHaveProperty('ref');
    expect(event).not.toHaveProperty('program');
    const untracked = calendlyBody();
    (untracked.payload as Record<string, unknown>).tracking = null;
    expect(calendlyEvents(untracked)).toHaveLength(1);
  });

  it.each<[string, unknown]>([
    ['no body', null],
    ['no event name', { ...calendlyBody(), event: undefined }],
    ['no scheduled event', { ...calendlyBody(), payload: { ...calendlyBody().payload, scheduled_event: null } }],
    ['an end that is not a time', calendlyBody({ end: '10:00' })],
    ['no address', calendlyBody({ email: '' })],
  ])('skips %s', (_, body) => {
    expect(readCalendly(body)).toEqual({ events: [], ignored: 0, skipped: 1 });
  });
});

/** Bytes that are not valid UTF-8 (a lone continuation byte and an invalid lead byte) inside a JSON body. */
const notUtf8 = new Uint8Array([...bytes('{"x":"'), 0x80, 0xff, ...bytes('"}')]);

describe('verifyCalcom', () => {
  const secret = 'calcom-secret-for-this-test';
  const raw = bytes(JSON.stringify(calcomBody()));

  it('takes the hex HMAC of the raw bytes, and refuses another', async () => {
    const mac = await hmacHex(secret, raw);
    expect(await verifyCalcom(raw, mac, secret)).toBe(true);
    expect(await verifyCalcom(raw, ` ${mac} `, secret)).toBe(true);
    expect(await verifyCalcom(raw, mac, 'another-secret')).toBe(false);
    expect(await verifyCalcom(bytes(JSON.stringify(calcomBody())), mac, secret)).toBe(false);
  });

  it.each([undefined, '', 'no-secret-provided', 'sha256=00', 'zz'.repeat(32), 'ab'.repeat(31)])(
    'refuses the header %j',
    async (header) => {
      expect(await verifyCalcom(raw, header, secret)).toBe(false);
    },
  );

  it('checks a body that is not valid UTF-8 over its bytes', async () => {
    expect(await verifyCalcom(notUtf8, await hmacHex(secret, notUtf8), secret)).toBe(true);
  });
});

describe('verifyCalendly', () => {
  const key = 'calendly-key-for-this-test';
  const now = new Date('2031-03-01T08:00:00Z');
  const raw = JSON.stringify(calendlyBody());
  const t = now.getTime() / 1000;

  it('takes v1 over `t.` and the body, with the parts in any order and several v1', async () => {
    const mac = await hmacHex(key, `${t}.${raw}`);
    expect(await verifyCalendly(bytes(raw), `t=${t},v1=${mac}`, key, now)).toBe('ok');
    expect(await verifyCalendly(bytes(raw), `v1=${'0'.repeat(64)}, v1=${mac} ,t=${t}`, key, now)).toBe('ok');
    expect(await verifyCalendly(bytes(raw), await signCalendly(raw, key, now), key, now)).toBe('ok');
  });

  it.each([
    ['another key', async () => signCalendly(raw, 'another-key', now)],
    ['missing', async () => undefined],
    ['empty', async () => ''],
    ['no timestamp', async () => `v1=${await hmacHex(key, `${t}.${raw}`)}`],
    ['no v1', async () => `t=${t}`],
    ['a timestamp in milliseconds', async () => `t=${t}000,v1=${await hmacHex(key, `${t}000.${raw}`)}`],
    ['a timestamp that is not a number', async () => `t=now,v1=${await hmacHex(key, `now.${raw}`)}`],
    ['two timestamps', async () => `t=${t},t=${t},v1=${await hmacHex(key, `${t}.${raw}`)}`],
    ['a v1 of the body alone', async () => `t=${t},v1=${await hmacHex(key, raw)}`],
  ])('refuses %s', async (_, header) => {
    expect(await verifyCalendly(bytes(raw), await header(), key, now)).toBe('invalid');
  });

  it('is stale more than five minutes either side of now, and fine within', async () => {
    const at = (seconds: number) => new Date(now.getTime() + seconds * 1000);
    for (const [seconds, verdict] of [
      [-301, 'stale'],
      [301, 'stale'],
      [-86_400, 'stale'],
      [-300, 'ok'],
      [300, 'ok'],
    ] as const) {
      expect(await verifyCalendly(bytes(raw), await signCalendly(raw, key, at(seconds)), key, now), `${seconds}`).toBe(
        verdict,
      );
    }
  });

  it('checks a body that is not valid UTF-8 over its bytes', async () => {
    const prefix = bytes(`${t}.`);
    const signed = new Uint8Array([...prefix, ...notUtf8]);
    expect(await verifyCalendly(notUtf8, `t=${t},v1=${await hmacHex(key, signed)}`, key, now)).toBe('ok');
  });
});

/** Every console line a test wrote, as text, and its structured lines. */
function captureLogs() {
  const spies = (['log', 'warn', 'error'] as const).map((level) =>
    vi.spyOn(console, level).mockImplementation(() => {}),
  );
  return {
    lines: () => spies.flatMap((spy) => loggedEvents(spy)),
    text: () => spies.flatMap((spy) => spy.mock.calls.map((args) => args.map(String).join(' '))).join('\n'),
  };
}

const PERSON = { name: 'Zelda Quarantotto', email: 'zelda.q@example.net' };

describe('POST /webhooks/calcom and /webhooks/calendly before the store', () => {
  it.each([
    ['calcom', () => postCalcom(calcomBody(PERSON), { env: envWith({ CALCOM_WEBHOOK_SECRET: '' }) })],
    ['calendly', () => postCalendly(calendlyBody(PERSON), { env: envWith({ CALENDLY_WEBHOOK_SIGNING_KEY: '' }) })],
  ])('%s answers 404 when its secret is unset', async (provider, post) => {
    const logs = captureLogs();
    const res = await post();
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ ok: false, error: { code: 'not_found' } });
    expect(logs.lines()).toContainEqual(
      expect.objectContaining({ event: 'webhook.refused', provider, reason: 'not_configured' }),
    );
  });

  it.each([
    ['calcom', 'a wrong signature', () => postCalcom(calcomBody(PERSON), { secret: 'not-the-secret' })],
    ['calcom', 'no signature', () => postCalcom(calcomBody(PERSON), { header: null })],
    ['calcom', 'no secret on the tool', () => postCalcom(calcomBody(PERSON), { header: 'no-secret-provided' })],
    ['calendly', 'a wrong signature', () => postCalendly(calendlyBody(PERSON), { secret: 'not-the-key' })],
    ['calendly', 'no signature', () => postCalendly(calendlyBody(PERSON), { header: null })],
  ])('%s refuses %s with 401, logging neither name nor address', async (provider, _, post) => {
    const logs = captureLogs();
    const res = await post();
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ ok: false, error: { code: 'unauthorized' } });
    expect(logs.lines()).toContainEqual(
      expect.objectContaining({ event: 'webhook.refused', provider, reason: 'signature' }),
    );
    expect(logs.text()).not.toMatch(/Zelda|Quarantotto|zelda\.q/i);
  });

  it('calendly refuses a signature made more than five minutes ago with 401 (stale)', async () => {
    const logs = captureLogs();
    const res = await postCalendly(calendlyBody(PERSON), { at: new Date(Date.now() - 10 * 60_000) });
    expect(res.status).toBe(401);
    expect(logs.lines()).toContainEqual(
      expect.objectContaining({ event: 'webhook.refused', provider: 'calendly', reason: 'stale' }),
    );
    expect(logs.text()).not.toMatch(/Zelda|Quarantotto|zelda\.q/i);
  });

  it.each(['calcom', 'calendly'])('%s answers 413 to a streamed body over the cap', async (provider) => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const chunk = new Uint8Array(16 * 1024).fill(0x20);
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent > BOOKING_WEBHOOK_MAX_BYTES + chunk.byteLength) controller.close();
        else controller.enqueue(chunk);
        sent += chunk.byteLength;
      },
    });
    const res = await callWorker(env, `/webhooks/${provider}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-cal-signature-256': 'ab'.repeat(32) },
      body,
    });
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({ error: { code: 'payload_too_large' } });
    // The cap stopped the reading: far less than the whole stream was pulled.
    expect(sent).toBeLessThan(BOOKING_WEBHOOK_MAX_BYTES + 4 * chunk.byteLength);
  });

  it.each([
    ['calcom', () => postCalcom(calcomBody({ ...PERSON, event: 'MEETING_ENDED' }))],
    ['calendly', () => postCalendly(calendlyBody({ ...PERSON, event: 'invitee_no_show.created' }))],
  ])('%s answers 200 to an event it does not act on, counted as ignored', async (provider, post) => {
    const logs = captureLogs();
    const res = await post();
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true });
    expect(logs.lines()).toContainEqual({
      event: 'webhook.received',
      level: 'info',
      provider,
      events: 0,
      applied: 0,
      repeat: 0,
      stale: 0,
      skipped: 0,
      ignored: 1,
    });
    expect(logs.text()).not.toMatch(/Zelda|Quarantotto|zelda\.q/i);
  });

  it.each([
    ['calcom', () => postCalcom('{"triggerEvent":"BOOKING_CREATED", not json')],
    ['calendly', () => postCalendly({ event: 'invitee.created', payload: { email: PERSON.email } })],
  ])('%s answers 200 to a signed body that is not its shape, counted as skipped', async (provider, post) => {
    const logs = captureLogs();
    const res = await post();
    expect(res.status).toBe(200);
    expect(logs.lines()).toContainEqual(
      expect.objectContaining({ event: 'webhook.received', provider, events: 0, skipped: 1, ignored: 0 }),
    );
    expect(logs.text()).not.toMatch(/zelda\.q/i);
  });
});

it('the test secrets are bound, so both routes exist', () => {
  expect(BOOKING_SECRETS.calcom.length).toBeGreaterThanOrEqual(16);
  expect(BOOKING_SECRETS.calendly.length).toBeGreaterThanOrEqual(16);
});

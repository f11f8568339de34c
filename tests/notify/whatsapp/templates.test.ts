import { describe, expect, it } from 'vitest';
import { maskPhone } from '../../../src/log';
import { sanitizeParam, formatIndianDateTime, sendsFor } from '../../../src/notify/ledger/templates';
import { messageBody } from '../../../src/notify/whatsapp/whatsapp';
import { readConfig, type Env } from '../../../src/env';
import { enquiryLead, newsletterLead, quizLead } from '../../fixtures/leads';
import { attendeeName, bookingAlertId, bookingAlertSends } from '../../../src/notify/bookings/booking-templates';
import { defaultContent } from '../../../src/shared/default-content';
import type { BookingRecord } from '../../../src/store/bookings/bookings';

// 2026-11-21T13:36:00Z is 7:06 pm in India (UTC+5:30).
const newsletter = newsletterLead({ createdAt: '2026-11-21T13:36:00.000Z' });
const enquiry = enquiryLead();
const quiz = quizLead();

const vars = { OWNER_PHONES: '+919800000001,+919800000002', OWNER_NAMES: 'Priya,Dr. Arjun' } as Env;
const bodies = (lead: Parameters<typeof sendsFor>[0], env: Env = vars) =>
  sendsFor(lead, readConfig(env).whatsapp).map(messageBody);

const text = (...texts: string[]) => texts.map((t) => ({ type: 'text', text: t }));
const message = (to: string, name: string, components: unknown[]) => ({
  messaging_product: 'whatsapp',
  recipient_type: 'individual',
  to,
  type: 'template',
  template: { name, language: { code: 'en' }, components },
});

describe('template messages', () => {
  it('newsletter: subscription_notfication to each owner with name, email and the en-IN sign-up time', () => {
    const when = '21 November 2026 at 7:06 pm';
    expect(bodies(newsletter)).toEqual([
      message('+919800000001', 'subscription_notfication', [
        { type: 'body', parameters: text('Priya', 'asha@example.com', when) },
      ]),
      message('+919800000002', 'subscription_notfication', [
        { type: 'body', parameters: text('Dr. Arjun', 'asha@example.com', when) },
      ]),
    ]);
  });

  it('enquiry: journey_users to the visitor first, then journey_owner to Admin1 and Admin2', () => {
    const ownerBody = {
      type: 'body',
      parameters: text(
        'Asha Verma',
        'asha@example.com',
        '+919812345678',
        'Team retreat for 20 people. / March or April?',
      ),
    };
    expect(bodies(enquiry)).toEqual([
      message('+919812345678', 'journey_users', [{ type: 'header', parameters: text('Asha') }]),
      message('+919800000001', 'journey_owner', [{ type: 'header', parameters: text('Admin1') }, ownerBody]),
      message('+919800000002', 'journey_owner', [{ type: 'header', parameters: text('Admin2') }, ownerBody]),
    ]);
  });

  it('greets the visitor by the first word of the name, past a title, at most 30 characters; owners get it whole', () => {
    for (const [name, greeting] of [
      ['Dr. Asha Rao', 'Asha'],
      ['Mrs Meera Iyer', 'Meera'],
      ['Asha', 'Asha'],
      ['Dr.', 'Dr.'],
      ['Aaaaaaaaaabbbbbbbbbbccccccccccdddd Rao', 'Aaaaaaaaaabbbbbbbbbbcccccccccc'],
      ['राम कुमार', 'राम'],
    ]) {
      const [visitor, owner] = bodies({ ...enquiry, name: name! });
      expect(visitor?.template.components).toEqual([{ type: 'header', parameters: text(greeting!) }]);
      expect(owner?.template.components[1]?.parameters[0]).toEqual({ type: 'text', text: name });
    }
  });

  it('enquiry with no description sends a placeholder, since WhatsApp rejects empty parameters', () => {
    const [, owner] = bodies({ ...enquiry, description: '   ' });
    expect(owner?.template.components[1]?.parameters[3]).toEqual({ type: 'text', text: '—' });
  });

  it('quiz: every owner gets quiz_owner with who, how to reach them, the answers in one line and the programs', () => {
    const body = {
      type: 'body',
      parameters: text(
        'Ravi Kumar',
        'ravi@example.com',
        '—',
        'Leadership / 26-39 / I know a little',
        'Talks & Keynotes',
      ),
    };
    expect(bodies(quiz)).toEqual([
      message('+919800000001', 'quiz_owner', [{ type: 'header', parameters: text('Admin1') }, body]),
      message('+919800000002', 'quiz_owner', [{ type: 'header', parameters: text('Admin2') }, body]),
    ]);
  });

  it('quiz: the owners see the recommended programs even when every step was skipped', () => {
    const skipped = { ...quiz, answers: {}, recommended: ['1:1 Consultations', 'Retreats & Workshops'] };
    expect(bodies(skipped)[0]).toEqual(
      message('+919800000001', 'quiz_owner', [
        { type: 'header', parameters: text('Admin1') },
        {
          type: 'body',
          parameters: text('Ravi Kumar', 'ravi@example.com', '—', '—', '1:1 Consultations + Retreats & Workshops'),
        },
      ]),
    );
  });

  it('greets an owner by label when OWNER_NAMES has no name, and normalises owner numbers to E.164', () => {
    const env = { OWNER_PHONES: '098000 00001', OWNER_NAMES: '' } as Env;
    expect(bodies(newsletter, env)).toEqual([
      message('+919800000001', 'subscription_notfication', [
        { type: 'body', parameters: text('Admin1', 'asha@example.com', '21 November 2026 at 7:06 pm') },
      ]),
    ]);
  });
});

describe('the en-IN date-time', () => {
  it('booking: call_booked and call_cancelled to each owner with the name as the name rule shows it, the time, the program', () => {
    const at = '2026-11-21T10:00:00.000Z';
    const booking: BookingRecord = {
      provider: 'calcom',
      id: 'uid-1',
      status: 'booked',
      startAt: '2026-11-21T13:30:00.000Z',
      endAt: '2026-11-21T14:00:00.000Z',
      name: 'Asha Verma',
      email: 'asha@example.com',
      program: 'talks-keynotes',
      eventAt: at,
      receivedAt: at,
      history: [{ event: 'created', at, startAt: '2026-11-21T13:30:00.000Z', endAt: '2026-11-21T14:00:00.000Z' }],
    };
    const job = { type: 'booking-alert', provider: 'calcom', bookingId: 'uid-1', event: 'created', at } as const;
    const link = 'https://example.com/desk/bookings';
    const sends = bookingAlertSends(booking, job, readConfig(vars).whatsapp, link).map(messageBody);
    expect(sends).toEqual([
      message('+919800000001', 'call_booked', [
        {
          type: 'body',
          parameters: text('Priya', 'Asha Verma', '21 November 2026 at 7:00 pm', 'Talks & Keynotes', link),
        },
      ]),
      message('+919800000002', 'call_booked', [
        {
          type: 'body',
          parameters: text('Dr. Arjun', 'Asha Verma', '21 November 2026 at 7:00 pm', 'Talks & Keynotes', link),
        },
      ]),
    ]);
    const cancelled = bookingAlertSends(
      { ...booking, program: 'no-such-program', name: 'bit.ly/x' },
      { ...job, event: 'cancelled' },
      readConfig(vars).whatsapp,
      link,
    );
    expect(cancelled.map((s) => [s.template, s.components[0]!.parameters.map((p) => p.text).slice(1, 4)])).toEqual([
      ['call_cancelled', ['someone', '21 November 2026 at 7:00 pm', '—']],
      ['call_cancelled', ['someone', '21 November 2026 at 7:00 pm', '—']],
    ]);
    // A program the owners added (or renamed) is named as published.
    const programs = [{ ...defaultContent().programs[0]!, slug: 'sunrise-circle', title: 'Sunrise Circle' }];
    const added = bookingAlertSends(
      { ...booking, program: 'sunrise-circle' },
      job,
      readConfig(vars).whatsapp,
      link,
      programs,
    );
    expect(added.map((s) => s.components[0]!.parameters[3]!.text)).toEqual(['Sunrise Circle', 'Sunrise Circle']);
  });

  it('shows an attendee’s name only when it passes the forms’ name rule, at most 60 characters', () => {
    for (const [name, shown] of [
      ['Asha Verma', 'Asha Verma'],
      ['  ', 'someone'],
      ['www.evil.example', 'someone'],
      ['https://x.y', 'someone'],
      ['asha@example.com', 'someone'],
      ['Dr.Asha', 'someone'],
      ['J. R. Nair', 'J. R. Nair'],
      ['राम कुमार', 'राम कुमार'],
      ['x'.repeat(200), 'x'.repeat(60)],
    ]) {
      expect(attendeeName(name!)).toBe(shown);
    }
  });

  it('names the booking event in the ledger by a hash: stable, and nothing of the person', async () => {
    const job = {
      provider: 'calendly',
      bookingId: 'https://api.calendly.com/x/invitees/1',
      event: 'created',
      at: '2026-11-21T10:00:00Z',
    } as const;
    const id = await bookingAlertId(job);
    expect(id).toMatch(/^booking:[0-9a-f]{32}$/);
    expect(await bookingAlertId(job)).toBe(id);
    expect(await bookingAlertId({ ...job, event: 'cancelled' })).not.toBe(id);
  });

  it('reads day, long month, year, hour and minute in India time', () => {
    expect(formatIndianDateTime('2026-01-05T03:30:00Z')).toBe('5 January 2026 at 9:00 am');
    // Just after midnight in India is still the previous day in UTC.
    expect(formatIndianDateTime('2026-12-31T18:45:00Z')).toBe('1 January 2027 at 12:15 am');
  });
});

describe('parameter text', () => {
  it('follows WhatsApp rules without losing meaning', () => {
    expect(sanitizeParam('line one\r\n\r\nline two\nthree', 'body')).toBe('line one / line two / three');
    expect(sanitizeParam('a\tb     c', 'body')).toBe('a b c');
    expect(sanitizeParam('', 'body')).toBe('—');
    expect(sanitizeParam('\n \t', 'header')).toBe('—');
  });

  it('caps length per component, cutting with an ellipsis and never splitting an emoji', () => {
    const header = sanitizeParam('😀'.repeat(70), 'header');
    expect(Array.from(header)).toHaveLength(60);
    expect(header.endsWith('😀…')).toBe(true);
    expect(Array.from(sanitizeParam('x'.repeat(2000), 'body'))).toHaveLength(1024);
    expect(sanitizeParam('x'.repeat(1024), 'body')).toBe('x'.repeat(1024));
  });

  it('masks a recipient for logs', () => {
    expect(maskPhone('+919800000001')).toBe('+91******0001');
    expect(maskPhone('+14155550123')).toBe('+14*****0123');
  });
});

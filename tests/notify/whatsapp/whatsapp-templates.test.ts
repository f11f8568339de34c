import { describe, expect, it } from 'vitest';
import { parseConfig } from '../../../src/config/index';
import { sendsFor, templateMessage, type Send } from '../../../src/notify/ledger/templates';
import {
  ALL_TEMPLATES,
  creationRequest,
  fillTemplate,
  parameterCount,
  requiredTemplates,
  WHATSAPP_TEMPLATES,
  type TemplateDefinition,
} from '../../../src/notify/whatsapp/whatsapp-templates';
import { APPROVED_TEMPLATES } from '../../standins/whatsapp/graph-rules.mjs';
import { enquiryLead, newsletterLead } from '../../fixtures/leads';

const whatsapp = parseConfig({ OWNER_PHONES: '+919800000001,+919800000002', OWNER_NAMES: 'Priya,Arjun' }).whatsapp;
const count = (send: Send, type: 'header' | 'body') =>
  send.components.find((c) => c.type === type)?.parameters.length ?? 0;

describe('WhatsApp templates as data', () => {
  it('defines the templates the site sends (the three approved ones, the quiz alert, the owners’ digest and reply alert), in English', () => {
    expect(ALL_TEMPLATES.map((t) => [t.name, t.language, t.category])).toEqual([
      ['subscription_notfication', 'en', 'UTILITY'],
      ['journey_users', 'en', 'UTILITY'],
      ['journey_owner', 'en', 'UTILITY'],
      ['quiz_owner', 'en', 'UTILITY'],
      ['hourly_digest', 'en', 'UTILITY'],
      ['visitor_reply', 'en', 'UTILITY'],
      ['follow_up', 'en', 'UTILITY'],
      ['call_booked', 'en', 'UTILITY'],
      ['call_cancelled', 'en', 'UTILITY'],
      ['payment_received', 'en', 'UTILITY'],
      ['payment_request', 'en', 'UTILITY'],
      ['call_reminder', 'en', 'UTILITY'],
      ['call_rebook', 'en', 'UTILITY'],
      ['lead_due', 'en', 'UTILITY'],
      ['client_page', 'en', 'UTILITY'],
      ['client_last_session', 'en', 'UTILITY'],
    ]);
  });

  it('the booking alerts: five body parameters each, with examples; required approved only with a booking webhook on', () => {
    const booking: TemplateDefinition[] = [WHATSAPP_TEMPLATES.callBooked, WHATSAPP_TEMPLATES.callCancelled];
    for (const t of booking) {
      expect([parameterCount(t.header), parameterCount(t.body), t.body.example.length]).toEqual([0, 5, 5]);
      expect(t.onlyWith).toBe('bookings');
    }
    const names = (list: readonly { name: string }[]) => list.map((t) => t.name);
    expect(names(requiredTemplates({}))).not.toContain('call_booked');
    expect(names(requiredTemplates({}))).toHaveLength(ALL_TEMPLATES.length - 6);
    const withBookings = names(ALL_TEMPLATES.filter((t) => t.onlyWith !== 'payments' && t.onlyWith !== 'reminders'));
    expect(names(requiredTemplates({ calcomSecret: 'x'.repeat(32) }))).toEqual(withBookings);
    expect(names(requiredTemplates({ calendlySigningKey: 'x'.repeat(32) }))).toEqual(withBookings);
    expect(fillTemplate(WHATSAPP_TEMPLATES.callBooked, { body: WHATSAPP_TEMPLATES.callBooked.body.example })).toEqual({
      body:
        'Hello Priya, Asha Verma booked a call for 21 November 2026 at 7:00 pm (India time).\nProgram: 1:1 Consultations\n' +
        'See it on the desk: https://www.example.com/desk/leads/quiz/3f2a\nSent by the website.',
    });
  });

  it('the call reminder and rebook: three parameters each, required only with a booking webhook on and CALL_REMINDERS', () => {
    const names = (list: readonly { name: string }[]) => list.map((t) => t.name);
    for (const t of [WHATSAPP_TEMPLATES.callReminder, WHATSAPP_TEMPLATES.callRebook] as TemplateDefinition[]) {
      expect([parameterCount(t.header), parameterCount(t.body), t.body.example.length]).toEqual([0, 3, 3]);
      expect(t.onlyWith).toBe('reminders');
    }
    const key = 'x'.repeat(32);
    expect(names(requiredTemplates({ reminders: [24, 1] }))).not.toContain('call_reminder');
    expect(names(requiredTemplates({ calcomSecret: key, reminders: [] }))).not.toContain('call_rebook');
    const on = names(requiredTemplates({ calendlySigningKey: key, reminders: [24, 1] }));
    expect(on).toContain('call_reminder');
    expect(on).toContain('call_rebook');
    expect(
      fillTemplate(WHATSAPP_TEMPLATES.callReminder, { body: WHATSAPP_TEMPLATES.callReminder.body.example }),
    ).toEqual({
      body:
        'Hello Asha, a reminder of your call on Saturday 21 November at 7:00 pm (India time).\nProgram: 1:1 Consultations\n' +
        'To move it, reply here.',
    });
  });

  it('the owners’ nudge lead_due: three body parameters, always required', () => {
    const t: TemplateDefinition = WHATSAPP_TEMPLATES.leadDue;
    expect([parameterCount(t.header), parameterCount(t.body), t.body.example.length]).toEqual([0, 3, 3]);
    expect(t.onlyWith).toBeUndefined();
    expect(requiredTemplates({}).map((d) => d.name)).toContain('lead_due');
    expect(fillTemplate(t, { body: t.body.example })).toEqual({
      body:
        'Time to come back to Asha.\nCall on Thursday about the retreat dates\n' +
        'See the lead on the desk: https://www.example.com/desk/leads/quiz/3f2a\nSent by the website.',
    });
  });

  it('the payment messages: the owners’ alert (5) and the person’s request (4), required only with PAYMENT_PROVIDER set', () => {
    const names = (list: readonly { name: string }[]) => list.map((t) => t.name);
    expect(parameterCount(WHATSAPP_TEMPLATES.paymentReceived.body)).toBe(5);
    expect(parameterCount(WHATSAPP_TEMPLATES.paymentRequest.body)).toBe(4);
    expect(names(requiredTemplates({}))).not.toContain('payment_request');
    const on = names(requiredTemplates({}, { provider: { name: 'razorpay', ok: false, reason: 'no key' } }));
    expect(on).toContain('payment_received');
    expect(on).toContain('payment_request');
    expect(on).not.toContain('call_booked');
    expect(
      fillTemplate(WHATSAPP_TEMPLATES.paymentRequest, { body: WHATSAPP_TEMPLATES.paymentRequest.body.example }),
    ).toEqual({
      body:
        'Hello Asha, your payment of ₹4,999 for Aliveness Coaching can be made here: https://rzp.io/rzp/Ab3dE6gH\n' +
        'Reply here if you have a question.',
    });
    // A utility template keeps to the bill: words that sell would have Meta file it as marketing.
    for (const t of [WHATSAPP_TEMPLATES.paymentRequest, WHATSAPP_TEMPLATES.paymentReceived]) {
      expect(t.body.text).not.toMatch(/offer|discount|sale|free|limited|exclusive|hurry|deal/i);
    }
  });

  it('numbers each text’s parameters 1…n without gaps and gives one example per parameter', () => {
    for (const t of ALL_TEMPLATES) {
      for (const text of [t.header, t.body]) {
        if (!text) continue;
        const used = [...new Set([...text.text.matchAll(/\{\{(\d+)\}\}/g)].map((m) => Number(m[1])))].sort();
        expect(used).toEqual(Array.from({ length: used.length }, (_, i) => i + 1));
        expect(text.example).toHaveLength(parameterCount(text));
      }
      expect(parameterCount(t.header)).toBeLessThanOrEqual(1);
    }
  });

  it('sends each message with exactly the parameters its definition declares', () => {
    const sends = [...sendsFor(newsletterLead(), whatsapp), ...sendsFor(enquiryLead(), whatsapp)];
    expect(sends.map((s) => s.template)).toEqual([
      'subscription_notfication',
      'subscription_notfication',
      'journey_users',
      'journey_owner',
      'journey_owner',
    ]);
    for (const send of sends) {
      const definition = ALL_TEMPLATES.find((t) => t.name === send.template)!;
      expect([count(send, 'header'), count(send, 'body')]).toEqual([
        parameterCount(definition.header),
        parameterCount(definition.body),
      ]);
      // No component without parameters: WhatsApp refuses an empty parameter list.
      for (const c of send.components) expect(c.parameters.length).toBeGreaterThan(0);
    }
  });

  it('refuses to build a message with a parameter count its definition does not declare', () => {
    expect(() =>
      templateMessage(WHATSAPP_TEMPLATES.enquiryOwner, '+919800000001', 'owner', { header: ['Admin1'] }),
    ).toThrow('journey_owner takes 1 header and 4 body parameters, got 1 and 0');
  });

  it('agrees with the Graph stand-in’s table of approved templates', () => {
    for (const t of ALL_TEMPLATES) {
      expect(APPROVED_TEMPLATES[t.name as keyof typeof APPROVED_TEMPLATES]).toEqual({
        header: parameterCount(t.header),
        body: parameterCount(t.body),
      });
    }
  });

  it('fills a definition in as its recipient reads it: the reply alert with the lead, their words and the link', () => {
    const send = templateMessage(WHATSAPP_TEMPLATES.visitorReply, '+919800000001', 'owner', {
      body: ['Priya', 'Asha Verma', 'Tuesday works.', 'https://example.com/desk/leads/enquiry/1'],
    });
    const values = send.components[0]!.parameters.map((p) => p.text);
    expect(fillTemplate(WHATSAPP_TEMPLATES.visitorReply, { body: values })).toEqual({
      body: 'Priya, Asha Verma replied on WhatsApp: "Tuesday works."\nRead and answer on the desk: https://example.com/desk/leads/enquiry/1',
    });
    expect(fillTemplate(WHATSAPP_TEMPLATES.enquiryVisitor, { header: ['Asha'] })).toEqual({
      header: 'Thank you, Asha',
      body: 'We have received your enquiry and will reply to you here on WhatsApp soon.',
    });
  });

  it('builds Meta’s creation request: components, examples only where there are parameters', () => {
    expect(creationRequest(WHATSAPP_TEMPLATES.enquiryVisitor)).toEqual({
      name: 'journey_users',
      language: 'en',
      category: 'UTILITY',
      components: [
        { type: 'HEADER', format: 'TEXT', text: 'Thank you, {{1}}', example: { header_text: ['Asha'] } },
        { type: 'BODY', text: WHATSAPP_TEMPLATES.enquiryVisitor.body.text },
      ],
    });
    expect(creationRequest(WHATSAPP_TEMPLATES.enquiryOwner).components[1]).toMatchObject({
      example: { body_text: [WHATSAPP_TEMPLATES.enquiryOwner.body.example] },
    });
  });
});

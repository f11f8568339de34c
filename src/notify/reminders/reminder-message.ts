import { greetingName } from '../../shared/lead-rules';
import type { ProgramContent } from '../../shared/site-content';
import type { BookingRecord } from '../../store/bookings/bookings';
import { contactOf, type Lead } from '../../store/leads/lead';
import { callReminderWords as words } from '../../words/reminders/call-reminder';
import { TIME_ZONE } from '../../words/site';
import { bookingProgram } from '../bookings/booking-templates';
import { freeText } from '../conversations/desk-replies';
import { emailMessage } from '../email/email';
import { CALL_REMINDER_EMAIL } from '../email/result-email';
import { EMPTY_PARAM, templateMessage, type Send } from '../ledger/templates';
import { WHATSAPP_TEMPLATES } from '../whatsapp/whatsapp-templates';

export { CALL_REMINDER_EMAIL };

const IN_INDIA = new Intl.DateTimeFormat('en-IN', {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  hour: 'numeric',
  minute: '2-digit',
  hour12: true,
  timeZone: TIME_ZONE.name,
});

/** "Saturday 21 November at 7:00 pm": the call's day and time in the site's time zone. */
export function callTime(iso: string): string {
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    IN_INDIA.formatToParts(new Date(iso)).find((p) => p.type === type)?.value ?? '';
  const time = `${part('hour')}:${part('minute')} ${part('dayPeriod').toLowerCase()}`;
  return `${part('weekday')} ${part('day')} ${part('month')} at ${time}`;
}

/** What a reminder names: the lead's first name, the call's day and time, the program. */
export interface ReminderWords {
  first: string;
  when: string;
  program: string;
}

export function reminderWords(lead: Lead, booking: BookingRecord, programs: readonly ProgramContent[]): ReminderWords {
  const program = bookingProgram(booking.program, programs);
  return {
    first: greetingName(contactOf(lead).name) || words.noName,
    when: callTime(booking.startAt),
    program: program === EMPTY_PARAM ? words.noProgram : program,
  };
}

/** The WhatsApp reminder: a text while their 24-hour window is open, else the approved template. */
export function whatsappReminder(phone: string, said: ReminderWords, windowOpen: boolean): Send {
  if (windowOpen) return freeText(phone, words.text(said.first, said.when, said.program));
  return templateMessage(WHATSAPP_TEMPLATES.callReminder, phone, 'visitor', {
    body: [said.first, said.when, said.program],
  });
}

/** The reminder email to the address the call was booked with, signed as the result email is. */
export function emailReminder(to: string, said: ReminderWords, from: string): Send {
  const text = words.email.text(said.first, said.when, said.program, from);
  return emailMessage(CALL_REMINDER_EMAIL, to, words.email.subject(said.when), text, { audience: 'visitor' });
}

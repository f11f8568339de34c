import * as z from 'zod';
import type { Problem } from './read/problem.ts';
import { list, type Reader } from './read/reader.ts';
import { fallbackOf } from './read/settings.ts';
import type { WhatsAppConfig } from './services/whatsapp.ts';

/**
 * The second channel, the self-check, when an unanswered visitor is due, when a lead left alone is nudged and the
 * Monday report (OWNER_EMAILS, ALERT_EMAIL_FROM, OPERATOR_EMAIL, HEALTHCHECK_URL, REPLY_DUE_HOURS, NUDGE_NEW_HOURS,
 * NUDGE_NO_CALL_HOURS, WEEKLY_REPORT).
 */
export interface AlertsConfig {
  /** The address alert emails come from; absent when no owner has an email address. */
  from?: string;
  /** Told of health changes besides the owners. */
  operatorEmail?: string;
  /** How long an owner alert may wait for WhatsApp's "delivered" before it is emailed. */
  confirmMinutes: number;
  /** REPLY_DUE_HOURS: how long a visitor's message may go unanswered before its conversation is marked waiting. */
  replyDueHours: number;
  /** NUDGE_NEW_HOURS: how long a lead may stay `new` before its owner (both, if nobody's) is nudged, once. */
  nudgeNewHours: number;
  /** NUDGE_NO_CALL_HOURS: how long after its result a quiz lead with a recommendation and no call is nudged, once. */
  nudgeNoCallHours: number;
  /** WEEKLY_REPORT: whether each owner gets the Monday report by email (on unless set to "off"). */
  weeklyReport: boolean;
  /** Pinged after every healthy self-check. */
  healthcheckUrl?: string;
  /** Not errors: what the preflight prints as warnings (no owner email: the second channel is off). */
  warnings: string[];
}

/**
 * The second channel: OWNER_EMAILS in the order of OWNER_PHONES (an empty entry gives that owner none), set on
 * the owners of `whatsapp`. Without any owner email the channel is off, which the preflight shows as a warning,
 * not an error; with one, outside development ALERT_EMAIL_FROM is required (the send_email binding needs an
 * address on the zone).
 */
export function parseAlerts(r: Reader, whatsapp: WhatsAppConfig, out: Problem[]): AlertsConfig {
  const { text, deployed } = r;
  const emails = list(text('OWNER_EMAILS'));
  const email = z.email();
  emails.forEach((value, i) => {
    if (value === '') return;
    if (!email.safeParse(value).success) {
      out.push({ setting: 'OWNER_EMAILS', message: `OWNER_EMAILS entry ${i + 1} is not an email address.` });
      return;
    }
    const owner = whatsapp.owners.find((o) => o.label === `Admin${i + 1}`);
    if (owner) owner.email = value.toLowerCase();
    else out.push({ setting: 'OWNER_EMAILS', message: `OWNER_EMAILS entry ${i + 1} has no owner in OWNER_PHONES.` });
  });
  const warnings: string[] = [];
  const anyEmail = whatsapp.owners.some((o) => o.email);
  if (!anyEmail) warnings.push('OWNER_EMAILS is not set: when WhatsApp fails, the owners are not told by email.');
  const from = text('ALERT_EMAIL_FROM');
  if (from !== undefined && !email.safeParse(from).success) {
    out.push({ setting: 'ALERT_EMAIL_FROM', message: 'ALERT_EMAIL_FROM must be an email address.' });
  } else if (anyEmail && from === undefined && deployed) {
    out.push({
      setting: 'ALERT_EMAIL_FROM',
      message: 'OWNER_EMAILS is set but ALERT_EMAIL_FROM is not: no alert email can be sent.',
    });
  }
  const operatorEmail = text('OPERATOR_EMAIL');
  if (operatorEmail !== undefined && !email.safeParse(operatorEmail).success) {
    out.push({ setting: 'OPERATOR_EMAIL', message: 'OPERATOR_EMAIL must be an email address.' });
  }
  const minutes = z.coerce.number().int().min(1).max(720).safeParse(r.valueOf('OWNER_ALERT_CONFIRM_MINUTES'));
  if (!minutes.success) {
    out.push({
      setting: 'OWNER_ALERT_CONFIRM_MINUTES',
      message: 'OWNER_ALERT_CONFIRM_MINUTES must be a whole number of minutes from 1 to 720.',
    });
  }
  const due = z.coerce.number().int().min(1).max(168).safeParse(r.valueOf('REPLY_DUE_HOURS'));
  if (!due.success) {
    out.push({ setting: 'REPLY_DUE_HOURS', message: 'REPLY_DUE_HOURS must be a whole number of hours from 1 to 168.' });
  }
  const hours = (name: 'NUDGE_NEW_HOURS' | 'NUDGE_NO_CALL_HOURS') => {
    const parsed = z.coerce.number().int().min(1).max(720).safeParse(r.valueOf(name));
    if (parsed.success) return parsed.data;
    out.push({ setting: name, message: `${name} must be a whole number of hours from 1 to 720.` });
    return Number(fallbackOf(name));
  };
  const [nudgeNewHours, nudgeNoCallHours] = [hours('NUDGE_NEW_HOURS'), hours('NUDGE_NO_CALL_HOURS')];
  const weekly = r.valueOf('WEEKLY_REPORT');
  if (weekly !== 'on' && weekly !== 'off') {
    out.push({ setting: 'WEEKLY_REPORT', message: 'WEEKLY_REPORT must be "on" or "off".' });
  }
  const healthcheckUrl = text('HEALTHCHECK_URL');
  if (healthcheckUrl !== undefined && !r.url.safeParse(healthcheckUrl).success) {
    out.push({
      setting: 'HEALTHCHECK_URL',
      message: `HEALTHCHECK_URL must be an ${deployed ? 'https' : 'http(s)'} address.`,
    });
  }
  return {
    ...(from !== undefined ? { from } : {}),
    ...(operatorEmail !== undefined ? { operatorEmail: operatorEmail.toLowerCase() } : {}),
    confirmMinutes: minutes.success ? minutes.data : Number(fallbackOf('OWNER_ALERT_CONFIRM_MINUTES')),
    replyDueHours: due.success ? due.data : Number(fallbackOf('REPLY_DUE_HOURS')),
    nudgeNewHours,
    nudgeNoCallHours,
    weeklyReport: weekly !== 'off',
    ...(healthcheckUrl !== undefined ? { healthcheckUrl } : {}),
    warnings,
  };
}

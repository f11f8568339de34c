import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js';
import { reasonOf, type Problem } from '../read/problem.ts';
import { list, partly, type Reader } from '../read/reader.ts';
import type { SettingName } from '../read/settings.ts';

/** One of the two owners, in the order of OWNER_PHONES: Admin1, then Admin2. */
export interface Owner {
  label: string;
  /** E.164, e.g. +919800000001. */
  phone: string;
  /** First name or title used to greet them (OWNER_NAMES); falls back to the label. */
  name: string;
  /** Where their alerts go when WhatsApp fails (OWNER_EMAILS, same order); none when not given. */
  email?: string;
}
export interface WhatsAppConfig {
  apiUrl: string;
  businessAccountId?: string;
  /** The business number's id (WHATSAPP_PHONE_NUMBER_ID) when set: the webhook takes events for it only. */
  phoneNumberId?: string;
  owners: Owner[];
  /** The status webhook's secrets; absent when either is not set (the webhook then answers 404). */
  webhook?: { verifyToken: string; appSecret: string };
  /** The credentials when messages can go out; otherwise why not, and whether that is a mistake. */
  sending: { ok: true; token: string; phoneNumberId: string } | { ok: false; reason: string; misconfigured: boolean };
}

/** OWNER_PHONES (read in `region`) and OWNER_NAMES: an entry that is not a phone number is a problem. */
function parseOwners(r: Reader, region: CountryCode, out: Problem[]): Owner[] {
  const names = list(r.text('OWNER_NAMES'));
  const owners: Owner[] = [];
  list(r.text('OWNER_PHONES')).forEach((raw, i) => {
    if (raw === '') return;
    const label = `Admin${i + 1}`;
    const parsed = parsePhoneNumberFromString(raw, region);
    if (!parsed?.isValid()) {
      out.push({
        setting: 'OWNER_PHONES',
        message: `OWNER_PHONES entry ${i + 1} is not a valid phone number; ${label} gets no messages.`,
      });
      return;
    }
    owners.push({ label, phone: parsed.number, name: names[i] || label });
  });
  if (r.deployed && owners.length === 0 && out.length === 0) {
    out.push({ setting: 'OWNER_PHONES', message: 'OWNER_PHONES is empty: the owners hear of no lead.' });
  }
  return owners;
}

/** The status webhook's two secrets: both or neither (a deployment without them confirms no delivery). */
function parseWebhook(r: Reader, out: Problem[]): WhatsAppConfig['webhook'] {
  const webhookNames = ['WHATSAPP_WEBHOOK_VERIFY_TOKEN', 'WHATSAPP_APP_SECRET'] satisfies SettingName[];
  const half = partly('The WhatsApp status webhook', webhookNames, r);
  if (half) out.push(half);
  const verifyToken = r.text('WHATSAPP_WEBHOOK_VERIFY_TOKEN');
  const appSecret = r.text('WHATSAPP_APP_SECRET');
  const webhook = verifyToken && appSecret ? { verifyToken, appSecret } : undefined;
  if (r.deployed && !webhook && !half) {
    out.push({
      setting: 'WHATSAPP_APP_SECRET',
      message:
        'The WhatsApp status webhook is not configured (WHATSAPP_WEBHOOK_VERIFY_TOKEN, WHATSAPP_APP_SECRET): no delivery is ever confirmed, so every owner alert is also emailed.',
    });
  }
  return webhook;
}

/**
 * The Graph API credentials, the owners and the status webhook. Never breaks: without working credentials
 * `sending` is off and carries the reason; a broken owner or webhook setting is a problem that lets it send.
 */
export function parseWhatsApp(r: Reader, region: CountryCode, out: Problem[]): WhatsAppConfig {
  const { text, deployed } = r;
  const apiProblems: Problem[] = [];
  const apiUrl = r.address('WHATSAPP_API_URL', apiProblems);
  const ownerProblems: Problem[] = [];
  const owners = parseOwners(r, region, ownerProblems);
  const webhookProblems: Problem[] = [];
  const webhook = parseWebhook(r, webhookProblems);
  const half = partly('WhatsApp', ['WHATSAPP_TOKEN', 'WHATSAPP_PHONE_NUMBER_ID'], r);
  const token = text('WHATSAPP_TOKEN');
  const phoneNumberId = text('WHATSAPP_PHONE_NUMBER_ID');
  const base = {
    apiUrl,
    businessAccountId: text('WHATSAPP_BUSINESS_ACCOUNT_ID'),
    ...(phoneNumberId ? { phoneNumberId } : {}),
    owners,
    ...(webhook ? { webhook } : {}),
  };
  const blocking = [...(half ? [half] : []), ...apiProblems];
  if (!half && !token && deployed) {
    blocking.push({
      setting: 'WHATSAPP_TOKEN',
      message: 'WhatsApp is not configured: WHATSAPP_TOKEN and WHATSAPP_PHONE_NUMBER_ID are missing.',
    });
  }
  out.push(...blocking, ...ownerProblems, ...webhookProblems);
  if (blocking.length > 0) {
    return { ...base, sending: { ok: false, reason: reasonOf(blocking), misconfigured: true } };
  }
  if (!token || !phoneNumberId) {
    return { ...base, sending: { ok: false, reason: 'WhatsApp is not configured.', misconfigured: false } };
  }
  return { ...base, sending: { ok: true, token, phoneNumberId } };
}

import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js';
import { readConfig, type Env } from '../env';

/** One of the two owners, in the order of OWNER_PHONES: Admin1, then Admin2. */
export interface Owner {
  label: string;
  /** E.164, e.g. +919800000001. */
  phone: string;
  /** First name or title used to greet them (OWNER_NAMES); falls back to the label. */
  name: string;
}

export interface NotifyConfig {
  owners: Owner[];
  /** Template for quiz leads; unset means a quiz sends nothing. */
  quizTemplate?: string;
}

const list = (value: string | undefined) => (value ?? '').split(',').map((v) => v.trim());

/**
 * Reads the notification settings from the environment on every job, so a
 * changed var or secret takes effect without a redeploy. An owner number that
 * cannot be read as a phone number is left out with a warning rather than
 * sending to a malformed `to`.
 */
export function readNotifyConfig(env: Env): NotifyConfig {
  const region = readConfig(env).DEFAULT_PHONE_REGION as CountryCode;
  const names = list(env.OWNER_NAMES);
  const owners: Owner[] = [];
  list(env.OWNER_PHONES).forEach((raw, i) => {
    if (raw === '') return;
    const label = `Admin${i + 1}`;
    const parsed = parsePhoneNumberFromString(raw, region);
    if (!parsed?.isValid()) {
      console.warn(`notify: OWNER_PHONES entry ${i + 1} is not a valid phone number; ${label} gets no messages`);
      return;
    }
    owners.push({ label, phone: parsed.number, name: names[i] || label });
  });
  const quizTemplate = env.WHATSAPP_TEMPLATE_QUIZ?.trim() || undefined;
  return { owners, quizTemplate };
}

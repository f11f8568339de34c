import * as z from 'zod';
import type { Problem } from './problem.ts';
import { fallbackOf, type SettingName } from './settings.ts';

export type Environment = 'development' | 'staging' | 'production';

/** The settings read as addresses (Reader.address). */
export type AddressName =
  | 'SITE_URL'
  | 'WHATSAPP_API_URL'
  | 'TURNSTILE_VERIFY_URL'
  | 'YOUTUBE_FEED_URL'
  | 'YOUTUBE_THUMB_URL'
  | 'KIT_API_URL'
  | 'RAZORPAY_API_URL';

/** What every group's parser reads with: the raw settings, typed by name, and where it runs. */
export interface Reader {
  /** A setting's value, trimmed; empty counts as unset. */
  text(name: SettingName): string | undefined;
  /** Whether the setting was given at all, even empty (an empty value can mean "off" where unset means the default). */
  given(name: SettingName): boolean;
  /** A setting's value, or the default in its row. */
  valueOf(name: SettingName): string | undefined;
  environment: Environment;
  deployed: boolean;
  /** An address: https outside development (http allowed locally). */
  url: z.ZodURL;
  /** An address setting, without a trailing slash; a problem when it is unset or not an address. */
  address(name: AddressName, out: Problem[]): string;
  /** Reports a problem that leaves its group working (what preflight prints and the Worker logs). */
  report(problem: Problem): void;
}

const EnvironmentSchema = z.enum(['development', 'staging', 'production']);

/** The reader of `raw`; `problems` receives what is reported (`report`), a bad ENVIRONMENT first. */
export function reader(raw: Record<string, unknown>, problems: Problem[]): Reader {
  const text = (name: SettingName): string | undefined => {
    const v = raw[name];
    return typeof v === 'string' && v.trim() !== '' ? v.trim() : undefined;
  };
  const report = (problem: Problem) => {
    problems.push(problem);
  };
  const env = EnvironmentSchema.safeParse(text('ENVIRONMENT') ?? fallbackOf('ENVIRONMENT'));
  if (!env.success) {
    report({ setting: 'ENVIRONMENT', message: 'ENVIRONMENT must be development, staging or production.' });
  }
  const environment: Environment = env.success ? env.data : 'production';
  const deployed = environment !== 'development';
  const url = z.url({ protocol: deployed ? /^https$/ : /^https?$/ });
  return {
    text,
    given: (name) => typeof raw[name] === 'string',
    valueOf: (name) => text(name) ?? fallbackOf(name),
    environment,
    deployed,
    url,
    address(name, out) {
      // A deployment must say where it lives: the local default would put 127.0.0.1 in every link.
      const value = text(name) ?? (deployed && name === 'SITE_URL' ? undefined : fallbackOf(name));
      if (value === undefined) {
        out.push({ setting: name, message: `${name} is not set.` });
        return '';
      }
      if (!url.safeParse(value).success) {
        out.push({ setting: name, message: `${name} must be an ${deployed ? 'https' : 'http(s)'} address.` });
      }
      return value.replace(/\/+$/, '');
    },
    report,
  };
}

/** Names the members of a group that are set and those that are not: "half a group" is one message. */
export function partly(label: string, names: SettingName[], r: Reader): Problem | undefined {
  const missing = names.filter((n) => r.text(n) === undefined);
  if (missing.length === 0 || missing.length === names.length) return undefined;
  const set = names.filter((n) => !missing.includes(n));
  return {
    setting: missing[0]!,
    message: `${label} is partly configured: ${missing.join(', ')} ${missing.length > 1 ? 'are' : 'is'} missing (${set.join(', ')} ${set.length > 1 ? 'are' : 'is'} set).`,
  };
}

/** A comma-separated setting's entries, trimmed, empty ones kept (they hold a place in the order). */
export const list = (value: string | undefined) => (value ?? '').split(',').map((v) => v.trim());

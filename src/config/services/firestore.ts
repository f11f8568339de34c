import * as z from 'zod';
import type { Problem } from '../read/problem.ts';
import { partly, type Reader } from '../read/reader.ts';
import type { SettingName } from '../read/settings.ts';

export type FirestoreConfig =
  | { mode: 'off' }
  | { mode: 'credentials'; projectId: string; clientEmail: string; privateKey: string }
  | { mode: 'emulator'; projectId: string; host: string; port: number };

/** The service account's credentials, or (development only) a local emulator; off when neither is set. */
export function parseFirestore(r: Reader, out: Problem[]): FirestoreConfig {
  const { text, deployed } = r;
  const projectId = text('FIRESTORE_PROJECT_ID');
  const emulator = text('FIRESTORE_EMULATOR_HOST');
  if (emulator !== undefined) {
    if (deployed) {
      out.push({
        setting: 'FIRESTORE_EMULATOR_HOST',
        message: 'FIRESTORE_EMULATOR_HOST is for local runs only; remove it outside development.',
      });
      return { mode: 'off' };
    }
    const match = /^(\[[^\]]+\]|[^:\s/]+)(?::(\d{1,5}))?$/.exec(emulator);
    const port = Number(match?.[2] ?? 8080);
    if (!match?.[1] || port < 1 || port > 65535) {
      out.push({ setting: 'FIRESTORE_EMULATOR_HOST', message: 'FIRESTORE_EMULATOR_HOST must be host:port.' });
      return { mode: 'off' };
    }
    if (!projectId) {
      out.push({ setting: 'FIRESTORE_PROJECT_ID', message: 'FIRESTORE_EMULATOR_HOST needs FIRESTORE_PROJECT_ID.' });
      return { mode: 'off' };
    }
    return { mode: 'emulator', projectId, host: match[1], port };
  }
  const names = ['FIRESTORE_PROJECT_ID', 'FIRESTORE_CLIENT_EMAIL', 'FIRESTORE_PRIVATE_KEY'] satisfies SettingName[];
  const half = partly('Firestore', names, r);
  if (half) {
    out.push(half);
    return { mode: 'off' };
  }
  const clientEmail = text('FIRESTORE_CLIENT_EMAIL');
  const privateKey = text('FIRESTORE_PRIVATE_KEY');
  if (!projectId || !clientEmail || !privateKey) return { mode: 'off' };
  if (!z.email().safeParse(clientEmail).success) {
    out.push({ setting: 'FIRESTORE_CLIENT_EMAIL', message: 'FIRESTORE_CLIENT_EMAIL must be an email address.' });
  }
  if (!/-----BEGIN PRIVATE KEY-----/.test(privateKey)) {
    out.push({
      setting: 'FIRESTORE_PRIVATE_KEY',
      message: 'FIRESTORE_PRIVATE_KEY must be the PEM private key ("-----BEGIN PRIVATE KEY-----…").',
    });
  }
  return { mode: 'credentials', projectId, clientEmail, privateKey };
}

// `npm run whatsapp:register -- --env staging|production --secrets-file FILE` with the number's two-step PIN on
// stdin (`echo 123456 | npm run whatsapp:register -- …`, or typed when asked).
// Registers WHATSAPP_PHONE_NUMBER_ID with the Cloud API (`POST /{id}/register`, possible only through the API):
// until then every send fails. The PIN is the six-digit two-step verification PIN; registering sets it if the
// number has none. Already registered: it says so and changes nothing. Then it reads the number back.
import { createInterface } from 'node:readline';
import { graphBase, graphMessage, operatorSettings, parseArgs } from './settings-source.mjs';
import { GRAPH_VERSION } from './whatsapp-templates.mjs';

/** The first line of stdin (typed, or piped); never echoed back. */
async function readPin() {
  if (process.stdin.isTTY) process.stderr.write('Two-step verification PIN (6 digits), then Enter: ');
  const lines = createInterface({ input: process.stdin, terminal: false });
  for await (const line of lines) {
    lines.close();
    return line.trim();
  }
  return '';
}

export async function register(args, pin, log = console.log) {
  const get = await operatorSettings(args);
  const id = get('WHATSAPP_PHONE_NUMBER_ID');
  const token = get('WHATSAPP_TOKEN');
  const missing = [!id && 'WHATSAPP_PHONE_NUMBER_ID', !token && 'WHATSAPP_TOKEN'].filter(Boolean);
  if (missing.length) throw new Error(`${missing.join(' and ')} not set`);
  if (/^REPLACE_WITH/.test(id)) throw new Error('WHATSAPP_PHONE_NUMBER_ID is still the placeholder');
  const number = `${graphBase(get)}/${GRAPH_VERSION}/${encodeURIComponent(id)}`;
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const read = async () => {
    const res = await fetch(`${number}?fields=display_phone_number,platform_type,status`, { headers });
    const json = await res.json().catch(() => ({}));
    if (!res.ok) throw new Error(`reading the number failed: ${graphMessage(res.status, json)}`);
    return json;
  };
  const before = await read();
  if (before.platform_type === 'CLOUD_API') {
    log(`${before.display_phone_number ?? id} is already registered with the Cloud API (status ${before.status}).`);
    return { registered: true, changed: false };
  }
  if (!/^\d{6}$/.test(pin)) throw new Error('the two-step verification PIN must be 6 digits (on stdin)');
  const res = await fetch(`${number}/register`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ messaging_product: 'whatsapp', pin }),
  });
  const json = await res.json().catch(() => ({}));
  if (!res.ok || json.success !== true) throw new Error(`registering failed: ${graphMessage(res.status, json)}`);
  const after = await read();
  if (after.platform_type !== 'CLOUD_API')
    throw new Error(`Meta accepted, but the number reads ${after.platform_type}`);
  log(`${after.display_phone_number ?? id} is registered with the Cloud API (status ${after.status}).`);
  return { registered: true, changed: true };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  try {
    const args = parseArgs(process.argv.slice(2));
    await register(args, await readPin());
  } catch (err) {
    console.error(`whatsapp:register: ${err.message}`);
    process.exit(1);
  }
}

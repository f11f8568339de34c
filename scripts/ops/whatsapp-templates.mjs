// `npm run whatsapp:templates [-- --env staging|production] [--secrets-file FILE]`
// Creates the WhatsApp message templates defined in src/notify/whatsapp/whatsapp-templates.ts that the business
// account WHATSAPP_BUSINESS_ACCOUNT_ID does not have yet (Graph API `message_templates`), then prints each
// one's status. Existing templates are never changed, so running it twice changes nothing. Locally it reads
// wrangler.toml and .dev.vars; for an environment, its vars and WHATSAPP_TOKEN from --secrets-file or the
// process environment (a token with whatsapp_business_management).
import { ALL_TEMPLATES, creationRequest } from '../../src/notify/whatsapp/whatsapp-templates.ts';
import { graphBase, graphMessage, operatorSettings, parseArgs } from './settings-source.mjs';

export const GRAPH_VERSION = 'v22.0';

export async function syncTemplates(args, log = console.log) {
  const get = await operatorSettings(args);
  const base = graphBase(get);
  const account = get('WHATSAPP_BUSINESS_ACCOUNT_ID');
  const token = get('WHATSAPP_TOKEN');
  const missing = [!account && 'WHATSAPP_BUSINESS_ACCOUNT_ID', !token && 'WHATSAPP_TOKEN'].filter(Boolean);
  if (missing.length) throw new Error(`${missing.join(' and ')} not set`);
  if (/^REPLACE_WITH/.test(account)) throw new Error('WHATSAPP_BUSINESS_ACCOUNT_ID is still the placeholder');
  const endpoint = `${base}/${GRAPH_VERSION}/${encodeURIComponent(account)}/message_templates`;
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };

  const existing = await listAll(`${endpoint}?fields=name,status,language,category&limit=100`, headers);
  const rows = [];
  let created = 0;
  for (const definition of ALL_TEMPLATES) {
    const found = existing.find((t) => t.name === definition.name && t.language === definition.language);
    if (found) {
      rows.push([definition.name, found.language, found.category ?? definition.category, found.status, 'exists']);
      continue;
    }
    const res = await fetch(endpoint, { method: 'POST', headers, body: JSON.stringify(creationRequest(definition)) });
    const json = await res.json().catch(() => ({}));
    if (!res.ok) throw new Error(`creating ${definition.name} failed: ${graphMessage(res.status, json)}`);
    created++;
    rows.push([
      definition.name,
      definition.language,
      json.category ?? definition.category,
      json.status ?? '?',
      'created',
    ]);
  }
  log(`WhatsApp business account ${account}: ${created} created, ${ALL_TEMPLATES.length - created} already there`);
  for (const r of rows)
    log(`  ${r[0].padEnd(26)} ${r[1]}  ${String(r[2]).padEnd(10)} ${String(r[3]).padEnd(9)} ${r[4]}`);
  if (rows.some((r) => r[3] !== 'APPROVED')) {
    log('Only APPROVED templates can be sent; Meta reviews new ones within minutes to a day. Run this again to see.');
  }
  return { created, rows };
}

async function listAll(url, headers) {
  const out = [];
  for (let next = url, pages = 0; next && pages < 20; pages++) {
    const res = await fetch(next, { headers });
    const json = await res.json().catch(() => ({}));
    if (!res.ok) throw new Error(`listing templates failed: ${graphMessage(res.status, json)}`);
    out.push(...(json.data ?? []));
    next = json.paging?.next;
  }
  return out;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  try {
    await syncTemplates(parseArgs(process.argv.slice(2)));
  } catch (err) {
    console.error(`whatsapp:templates: ${err.message}`);
    process.exit(1);
  }
}

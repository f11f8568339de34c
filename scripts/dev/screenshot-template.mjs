// A WhatsApp template as its recipient reads it on a phone (390 px), the parameters filled in: for a human look
// at what a message says before Meta reviews it.
// Usage: node scripts/dev/screenshot-template.mjs <template key> <out.png> [param …]
// (template keys: WHATSAPP_TEMPLATES in src/notify/whatsapp/whatsapp-templates.ts; without params, the definition's examples).
import { chromium } from '@playwright/test';
import { WHATSAPP_TEMPLATES, fillTemplate } from '../../src/notify/whatsapp/whatsapp-templates.ts';
import { CHROMIUM_ARGS, requireChromium } from './chromium.mjs';

const [key, out, ...params] = process.argv.slice(2);
const definition = WHATSAPP_TEMPLATES[key];
if (!definition || !out) {
  console.error(
    `usage: node scripts/dev/screenshot-template.mjs <${Object.keys(WHATSAPP_TEMPLATES).join('|')}> <out.png> [param …]`,
  );
  process.exit(2);
}
const headerCount = definition.header ? 1 : 0;
const values = params.length > 0 ? params : [...(definition.header?.example ?? []), ...definition.body.example];
const filled = fillTemplate(definition, { header: values.slice(0, headerCount), body: values.slice(headerCount) });
const escape = (text) => text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]);
const linked = (text) => escape(text).replace(/https?:\/\/\S+/g, (url) => `<a>${url}</a>`);
const html = `<!DOCTYPE html><html><head><meta charset="utf-8"><style>
  body { margin: 0; font: 15px/1.4 system-ui, sans-serif; background: #efeae2; }
  header { background: #075e54; color: #fff; padding: 14px 16px; font-weight: 600; }
  header small { display: block; font-weight: 400; opacity: 0.8; }
  main { padding: 16px 12px 28px; }
  .bubble { background: #fff; border-radius: 8px; padding: 8px 10px 6px; max-width: 86%; box-shadow: 0 1px 0.5px #0002; }
  .bubble b { display: block; margin-bottom: 4px; }
  .bubble p { margin: 0; white-space: pre-wrap; overflow-wrap: anywhere; }
  .bubble a { color: #027eb5; text-decoration: underline; }
  .time { text-align: right; font-size: 11px; color: #667781; margin-top: 2px; }
</style></head><body><header>Priya Raman — business<small>${escape(definition.name)} (${definition.category})</small></header>
<main><div class="bubble">${filled.header ? `<b>${escape(filled.header)}</b>` : ''}<p>${linked(filled.body)}</p>
<div class="time">10:42</div></div></main></body></html>`;
const browser = await chromium.launch({ executablePath: requireChromium(), args: CHROMIUM_ARGS });
const page = await browser.newPage({ viewport: { width: 390, height: 360 }, deviceScaleFactor: 2 });
await page.setContent(html);
await page.screenshot({ path: out, fullPage: true });
await browser.close();
console.log(`${definition.name} as read by its recipient: ${out}`);

/**
 * /desk/health in the owners' words: a check that ran nothing says "Not checked yet" (never "Working"), one that
 * fails says what it means, what to do and who to ask, and the developer's words are only under "Details".
 */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { parseConfig } from '../../../src/config/index';
import { checkTemplates } from '../../../src/health/checks/templates';
import { checkWhatsApp } from '../../../src/health/checks/whatsapp';
import type { Check } from '../../../src/health/checks/check';
import { HealthPage } from '../../../src/desk/health/health';

const render = (checks: Check[]) =>
  renderToStaticMarkup(
    createElement(HealthPage, { report: { ok: checks.every((c) => c.ok), checkedAt: '2026-11-28T10:00:00Z', checks } }),
  );

/** The page's text outside every <details> (what shows before the owner opens one). */
const shown = (html: string) =>
  html
    .replace(/<details[^]*?<\/details>/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;|&quot;/g, "'")
    .replace(/\s+/g, ' ');

/** Each card's HTML, by its check's plain name. */
const card = (html: string, name: string) =>
  html.match(
    new RegExp(
      `<li class="desk-card desk-health-check[^"]*"><div class="desk-health-top"><h2 class="desk-health-name">${name}</h2>[^]*?</li>`,
    ),
  )?.[0] ?? '';

describe('the self-check in plain words', () => {
  it('in development, checks that ran nothing say so: not "Working"', async () => {
    const dev = parseConfig({});
    const checks = [await checkWhatsApp(dev), await checkTemplates(dev)];
    expect(checks.map((c) => [c.name, c.ok, c.state])).toEqual([
      ['whatsapp', true, 'unchecked'],
      ['templates', true, 'unchecked'],
    ]);
    const html = render(checks);
    for (const name of ['WhatsApp', 'WhatsApp messages approved']) {
      expect(card(html, name)).toContain('Not checked yet');
      expect(card(html, name)).not.toContain('Working');
    }
    expect(shown(html)).toContain('2 were not checked.');
  });

  it('a failing check says what it means, what to do and who to ask; its technical words are folded', () => {
    const html = render([
      { name: 'store', ok: true, detail: 'Leads are stored in D1.' },
      { name: 'media', ok: true, detail: 'The R2 bucket MEDIA answers.' },
      { name: 'privacy', ok: true, detail: 'Erasures and WhatsApp senders are keyed with ERASURE_KEY.' },
      {
        name: 'whatsapp',
        ok: false,
        detail: 'The WhatsApp token has expired or was revoked (code 190): set WHATSAPP_TOKEN.',
      },
    ]);
    // What is wrong comes first.
    expect(html.indexOf('>WhatsApp</h2>')).toBeLessThan(html.indexOf('>Saving leads</h2>'));
    const whatsapp = card(html, 'WhatsApp');
    expect(whatsapp).toContain('Not working');
    expect(whatsapp).toContain('WhatsApp messages are not going out');
    expect(whatsapp).toContain('<strong>What to do:</strong>');
    expect(whatsapp).toContain('<strong>Who to ask:</strong> Ask the developer');
    expect(whatsapp).toMatch(
      /<details class="desk-health-details"><summary>Details for the developer<\/summary><p>The WhatsApp token has expired/,
    );
    expect(card(html, 'Saving leads')).toContain('Working');
    expect(shown(html)).toContain('1 thing needs attention.');
    expect(shown(html)).not.toMatch(/\bD1\b|\bR2\b|ERASURE_KEY|WHATSAPP_TOKEN|code 190/);
    expect(html).toContain('ERASURE_KEY');
  });

  it('a report from before checks had a state still shows each as working or not', () => {
    const html = render([{ name: 'feeds', ok: true, detail: 'Every feed fetched in the last 24 h.' }]);
    expect(card(html, 'Videos and podcast')).toContain('Working');
    expect(shown(html)).toContain('Everything checked is working.');
  });
});

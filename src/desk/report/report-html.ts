import { site } from '../../words/site';
import { weeklyReportWords as words } from '../../words/report/weekly-report';
import type { FunnelLine, ReportView } from './report-view';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const esc = (text: string) => text.replace(/[&<>"']/g, (ch) => ESCAPES[ch]!);

const { teal, tealDark, ink, paper, gold } = site.theme;
const MUTED = '#4a5a5a';
const RULE = '#d9d4c7';
const GREY = '#b9c4c4';
const FONT = "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif";
/** A table that only lays out (the bars); the figures' tables keep their table semantics for a screen reader. */
const TABLE = 'role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0"';
const DATA = 'width="100%" cellpadding="0" cellspacing="0" border="0"';

/** A bar as a table: its cell `share` % wide (at least 1 % when not zero, so a small count still shows). */
function bar(value: number, top: number, colour: string, height: number): string {
  const share = value === 0 ? 0 : Math.max(1, Math.round((100 * value) / top));
  const filled =
    share > 0
      ? `<td width="${share}%" style="width:${share}%;background:${colour};height:${height}px;font-size:0;line-height:0;">&nbsp;</td>`
      : '';
  const rest = share < 100 ? `<td style="height:${height}px;font-size:0;line-height:0;">&nbsp;</td>` : '';
  return `<table ${TABLE} style="border-collapse:collapse;margin:0 0 2px;"><tr>${filled}${rest}</tr></table>`;
}

const cell = (text: string, style = '') => `<td style="padding:6px 4px;${style}">${esc(text)}</td>`;
/** A row's label: a header cell, left-aligned and not bold unless asked. */
const label = (text: string, style = '') =>
  `<th scope="row" style="padding:6px 4px;text-align:left;font-weight:400;${style}">${esc(text)}</th>`;
const head = (text: string, style = '') =>
  `<th scope="col" style="padding:6px 4px;font-size:13px;font-weight:600;color:${MUTED};text-align:right;${style}">${esc(text)}</th>`;
const h2 = (text: string) =>
  `<h2 style="margin:32px 0 8px;font-size:18px;line-height:1.3;color:${tealDark};">${esc(text)}</h2>`;

/**
 * A step: its label and both weeks' figures on one line and, when either week counted any, its two bars (last
 * week's, then the week before's thinner one) on the next, across the table.
 */
function funnelRows(line: FunnelLine, top: number): string {
  const drawn = line.bars && line.bars.last + line.bars.before > 0 ? line.bars : undefined;
  const under = drawn ? '' : `border-bottom:1px solid ${RULE};`;
  const figures =
    `<tr>${label(line.label, `font-weight:600;${under}`)}` +
    `${cell(line.last, `text-align:right;font-weight:700;${under}`)}` +
    `${cell(line.before, `text-align:right;color:${MUTED};${under}`)}</tr>`;
  if (!drawn) return figures;
  const bars = bar(drawn.last, top, teal, 10) + bar(drawn.before, top, GREY, 5);
  return `${figures}<tr><td colspan="3" style="padding:0 4px 8px;border-bottom:1px solid ${RULE};">${bars}</td></tr>`;
}

function sourceTable(view: ReportView): string {
  const s = words.sources;
  if (view.sources.length === 0) return `<p style="margin:0 0 16px;color:${MUTED};">${esc(s.none)}</p>`;
  const rows = view.sources
    .map((r) => {
      const name = r.campaign ? `padding-left:16px;color:${MUTED};` : 'font-weight:600;';
      const border = `border-top:1px solid ${RULE};`;
      return `<tr>${label(r.label, `${name}${border}word-break:break-word;`)}${[r.leads, r.calls, r.clients].map((v) => cell(v, `${border}text-align:right;white-space:nowrap;`)).join('')}</tr>`;
    })
    .join('');
  const more =
    view.moreSources > 0
      ? `<p style="margin:8px 0 0;font-size:13px;color:${MUTED};">${esc(s.more(view.moreSources))}</p>`
      : '';
  return (
    `<table ${DATA} style="border-collapse:collapse;font-size:14px;"><thead><tr>${head(s.source, 'text-align:left;')}${head(s.leads)}${head(s.calls)}${head(s.clients)}</tr></thead>` +
    `<tbody>${rows}</tbody></table>${more}`
  );
}

const button = (href: string, text: string, colour: string) =>
  `<a href="${esc(href)}" style="display:inline-block;margin:0 8px 8px 0;padding:12px 20px;background:${colour};border:1px solid ${RULE};color:${ink};font-weight:700;text-decoration:none;border-radius:999px;">${esc(text)}</a>`;

/**
 * The report as simple HTML a mail app shows as sent: one column at most 600 px wide, inline styles only (mail
 * apps drop style sheets), bars drawn as table cells with percentage widths (no image to fetch), every text
 * escaped.
 */
export function reportHtml(view: ReportView): string {
  const f = words.funnel;
  const now = view.now
    .map(
      (n) =>
        `<tr>${label(n.label, `border-top:1px solid ${RULE};`)}${cell(n.value, `border-top:1px solid ${RULE};text-align:right;font-weight:700;`)}</tr>`,
    )
    .join('');
  const calls =
    view.calls.length === 0
      ? `<p style="margin:8px 0 0;color:${MUTED};">${esc(words.now.noCalls)}</p>`
      : `<ul style="margin:8px 0 0;padding:0 0 0 18px;">${view.calls.map((c) => `<li style="margin:0 0 4px;">${esc(c)}</li>`).join('')}</ul>`;
  return [
    '<!DOCTYPE html>',
    '<html lang="en"><head><meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${esc(view.subject)}</title></head>`,
    `<body style="margin:0;padding:0;background:${paper};color:${ink};font-family:${FONT};font-size:16px;line-height:1.5;">`,
    `<div style="max-width:600px;margin:0 auto;padding:24px 16px;">`,
    `<p style="margin:0 0 8px;font-size:14px;letter-spacing:0.04em;text-transform:uppercase;color:${teal};">${esc(site.brand)}</p>`,
    `<h1 style="margin:0 0 16px;font-size:24px;line-height:1.25;">${esc(view.heading)}</h1>`,
    `<p style="margin:0 0 8px;">${esc(view.greeting)}</p>`,
    `<p style="margin:0 0 8px;color:${MUTED};">${esc(view.intro)}</p>`,
    h2(f.heading),
    `<table ${DATA} style="border-collapse:collapse;font-size:15px;"><thead><tr>${head(f.step, 'text-align:left;')}${head(f.lastWeek)}${head(f.weekBefore)}</tr></thead>`,
    `<tbody>${view.funnel.map((l) => funnelRows(l, view.top)).join('')}</tbody></table>`,
    `<p style="margin:8px 0 0;font-size:13px;color:${MUTED};">${esc(f.legend)}</p>`,
    h2(words.sources.heading),
    sourceTable(view),
    h2(words.now.heading),
    `<table ${DATA} style="border-collapse:collapse;font-size:15px;"><tbody>${now}</tbody></table>`,
    calls,
    `<p style="margin:32px 0 24px;">${button(view.links.sources, words.open, gold)}${button(view.links.inbox, words.inbox, '#ffffff')}</p>`,
    `<hr style="border:0;border-top:1px solid ${RULE};margin:0 0 16px;">`,
    `<p style="margin:0;font-size:13px;color:${MUTED};">${esc(words.footer)}</p>`,
    '</div></body></html>',
  ].join('\n');
}

/** The same report as plain text. */
export function reportText(view: ReportView): string {
  const f = words.funnel;
  const s = words.sources;
  const sources =
    view.sources.length === 0
      ? [s.none]
      : [
          ...view.sources.map(
            (r) => `${r.label}: ${s.leads} ${r.leads}, ${s.calls} ${r.calls}, ${s.clients} ${r.clients}`,
          ),
          ...(view.moreSources > 0 ? [s.more(view.moreSources)] : []),
        ];
  return [
    view.heading,
    '',
    view.greeting,
    view.intro,
    '',
    `${f.heading} (${f.lastWeek} / ${f.weekBefore})`,
    ...view.funnel.map((l) => `${l.label}: ${l.last} / ${l.before}`),
    '',
    s.heading,
    ...sources,
    '',
    words.now.heading,
    ...view.now.map((n) => `${n.label}: ${n.value}`),
    ...(view.calls.length === 0 ? [words.now.noCalls] : view.calls.map((c) => `- ${c}`)),
    '',
    `${words.open}: ${view.links.sources}`,
    `${words.inbox}: ${view.links.inbox}`,
    '',
    words.footer,
  ].join('\n');
}

import { site } from '../../words/site';

/** What the result email shows, already in words and addresses (result-email.ts builds it from the lead). */
export interface ResultEmailView {
  greeting: string;
  intro: string;
  programs: Array<{ title: string; line: string; href: string; linkText: string }>;
  next: { lead: string; label: string; href: string };
  answersHeading: string;
  answers: Array<{ question: string; answer: string }>;
  signOff: string;
  signature: string;
  why: string;
  privacy: { label: string; href: string };
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const esc = (text: string) => text.replace(/[&<>"']/g, (ch) => ESCAPES[ch]!);

const { teal, ink, paper, gold } = site.theme;
const FONT = "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif";

/**
 * The email as simple HTML that reads well on a phone: one column at most 560 px wide, 16 px text, inline
 * styles only (mail apps drop style sheets), and a button that is a plain link. Every text is escaped.
 */
export function resultEmailHtml(view: ResultEmailView, subject: string): string {
  const p = (text: string, style = '') => `<p style="margin:0 0 16px;${style}">${esc(text)}</p>`;
  const programs = view.programs
    .map(
      (program) =>
        `<div style="margin:0 0 16px;padding:16px;border-left:4px solid ${teal};background:#ffffff;border-radius:6px;">` +
        `<h2 style="margin:0 0 8px;font-size:19px;line-height:1.3;color:${teal};">${esc(program.title)}</h2>` +
        p(program.line, 'margin-bottom:8px;') +
        `<a href="${esc(program.href)}" style="color:${teal};font-weight:600;">${esc(program.linkText)}</a></div>`,
    )
    .join('');
  const answers = view.answers
    .map(
      (a) =>
        `<li style="margin:0 0 8px;"><span style="color:#4a5a5a;">${esc(a.question)}</span><br>` +
        `<strong>${esc(a.answer)}</strong></li>`,
    )
    .join('');
  return [
    '<!DOCTYPE html>',
    '<html lang="en"><head><meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${esc(subject)}</title></head>`,
    `<body style="margin:0;padding:0;background:${paper};color:${ink};font-family:${FONT};font-size:16px;line-height:1.55;">`,
    `<div style="max-width:560px;margin:0 auto;padding:24px 16px;">`,
    `<p style="margin:0 0 24px;font-size:14px;letter-spacing:0.04em;text-transform:uppercase;color:${teal};">${esc(site.brand)}</p>`,
    p(view.greeting),
    p(view.intro),
    programs,
    p(view.next.lead, 'margin-top:24px;'),
    `<p style="margin:0 0 32px;"><a href="${esc(view.next.href)}" style="display:inline-block;padding:14px 24px;` +
      `background:${gold};color:${ink};font-weight:700;text-decoration:none;border-radius:999px;">${esc(view.next.label)}</a></p>`,
    `<h2 style="margin:0 0 12px;font-size:17px;">${esc(view.answersHeading)}</h2>`,
    `<ul style="margin:0 0 24px;padding:0 0 0 18px;">${answers}</ul>`,
    p(view.signOff, 'margin-bottom:4px;'),
    p(view.signature, 'margin-bottom:32px;'),
    `<hr style="border:0;border-top:1px solid #d9d4c7;margin:0 0 16px;">`,
    p(view.why, 'font-size:13px;color:#4a5a5a;'),
    `<p style="margin:0;font-size:13px;"><a href="${esc(view.privacy.href)}" style="color:${teal};">${esc(view.privacy.label)}</a></p>`,
    '</div></body></html>',
  ].join('\n');
}

/** The same email as plain text. */
export function resultEmailText(view: ResultEmailView): string {
  const programs = view.programs.flatMap((p) => [p.title, p.line, `${p.linkText}: ${p.href}`, '']);
  return [
    view.greeting,
    '',
    view.intro,
    '',
    ...programs,
    view.next.lead,
    `${view.next.label}: ${view.next.href}`,
    '',
    view.answersHeading,
    ...view.answers.map((a) => `${a.question} ${a.answer}`),
    '',
    view.signOff,
    view.signature,
    '',
    '—',
    view.why,
    `${view.privacy.label}: ${view.privacy.href}`,
  ].join('\n');
}

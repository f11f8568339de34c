import { deskLeadWords as words } from '../words';
import { site } from '../../../words/site';
import type { Attribution } from '../../../shared/attribution';
import type { LeadRecord } from '../../../store/leads/listing';

/** A tag as typed into a link ("december-retreat", "Instagram_bio"): its words, the first capitalised. */
export function tagWords(tag: string): string {
  const spaced = tag
    .replace(/[-_+.]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return spaced ? spaced.charAt(0).toUpperCase() + spaced.slice(1) : '';
}

/**
 * A known place ("Instagram") by a source tag's whole text or first word ("ig", "instagram-bio"), or by any label
 * of a site's address ("l.instagram.com", "t.co"); '' when none is known.
 */
function knownPlace(text: string, host = false): string {
  const lower = text.toLowerCase();
  const names = host ? [lower, ...lower.split('.')] : [lower, lower.split(/[^a-z0-9]+/)[0] ?? ''];
  for (const name of names) {
    const known = words.sources[words.sourceAliases[name] ?? name];
    if (known) return known;
  }
  return '';
}

/**
 * Where the visit came from, as an owner says it: "Instagram (campaign December retreat, Bio)" from the link's
 * tags, else the site that sent them ("Google", "another site: example.org"), else that no link was recorded.
 */
export function cameFrom(a: Attribution | undefined): string {
  const tags = [
    a?.utm_campaign ? words.campaign(tagWords(a.utm_campaign)) : '',
    ...[a?.utm_medium, a?.utm_content, a?.utm_term].map((t) => (t ? tagWords(t) : '')),
  ].filter(Boolean);
  const after = tags.length > 0 ? ` (${tags.join(', ')})` : '';
  if (a?.utm_source) return `${knownPlace(a.utm_source) || tagWords(a.utm_source)}${after}`;
  if (a?.referrer_host) return `${knownPlace(a.referrer_host, true) || words.site(a.referrer_host)}${after}`;
  return tags.length > 0 ? tags.join(', ') : words.direct;
}

/** The first page of the visit: "the home page", "the quiz page", else the page's own address. */
export function firstPage(a: Attribution | undefined): string {
  const path = a?.landing_path;
  if (!path) return words.notRecorded;
  return words.firstPages[path] ?? words.page(path);
}

/** The form the person sent: the quiz (and where, when not the site's own quiz page), the enquiry form, the sign-up. */
export function formOf(lead: LeadRecord): string {
  const form = words.forms[lead.kind] ?? lead.kind;
  if (lead.kind !== 'quiz' || !lead.source || lead.source === site.quiz.source) return form;
  return words.quizFrom(tagWords(lead.source));
}

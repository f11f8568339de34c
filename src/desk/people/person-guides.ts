import type { Env } from '../../env';
import type { GuideRequestRecord } from '../../store/guides/guides';
import { getGuideStore } from '../../store/guides/open';
import type { ToolEvent } from '../../store/newsletter/tool-events';
import { getToolEventStore } from '../../store/newsletter/open';
import type { Person } from '../../store/people/person';

/** What the site holds about a person's addresses beyond their leads: guides they asked for, what the tool reported. */
export interface PersonGuides {
  /** Their requests for a free guide, newest first. */
  requests: GuideRequestRecord[];
  /** What the newsletter tool reported about their addresses, newest first. */
  toolEvents: ToolEvent[];
}

/** The addresses the owner confirmed as the person's, lower-cased as the stores keep them. */
const emailsOf = (people: Person[]) => [...new Set(people.flatMap((p) => (p.email ? [p.email.toLowerCase()] : [])))];

/** Both kinds of record, found by each confirmed address (neither holds a phone number). */
export async function guidesOfPerson(env: Env, people: Person[]): Promise<PersonGuides> {
  const guides = getGuideStore(env);
  const tool = getToolEventStore(env);
  const requests: GuideRequestRecord[] = [];
  const toolEvents: ToolEvent[] = [];
  for (const email of emailsOf(people)) {
    requests.push(...(await guides.forEmail(email)));
    toolEvents.push(...(await tool.forEmail(email)));
  }
  requests.sort((a, b) => b.requestedAt.localeCompare(a.requestedAt));
  toolEvents.sort((a, b) => b.occurredAt.localeCompare(a.occurredAt));
  return { requests, toolEvents };
}

/** The person's copy of them: every record in full. */
export function guidesCopy(guides: PersonGuides) {
  return { freeGuides: guides.requests, newsletterToolReports: guides.toolEvents };
}

/** Deletes both kinds of record of each confirmed address; how many of each. */
export async function eraseGuides(env: Env, people: Person[]): Promise<{ guideRequests: number; toolEvents: number }> {
  const guides = getGuideStore(env);
  const tool = getToolEventStore(env);
  const counts = { guideRequests: 0, toolEvents: 0 };
  for (const email of emailsOf(people)) {
    counts.guideRequests += await guides.eraseEmail(email);
    counts.toolEvents += await tool.eraseEmail(email);
  }
  return counts;
}

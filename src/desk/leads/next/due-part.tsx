import type { Context } from 'hono';
import type { ReactNode } from 'react';
import { readConfig } from '../../../env';
import { leadsWithoutCall } from '../../../notify/nudges/no-call';
import type { DeskEnv } from '../../page';
import { readPart } from '../../part';
import { PartUnreadable } from '../../store-down';
import { allowedFollowUp } from '../follow-ups-route';
import { dueLeads } from './due-leads';
import { DueSection } from './due-section';
import { NoCallGroup } from './no-call-section';

/**
 * The inbox's leads to come back to: the overdue and today's next dates, then the quiz leads that never booked a
 * call, each with its follow-up where one may go now. Each is read as a part of its own, so a store that cannot be
 * reached makes only that part unreadable.
 */
export async function duePart(
  c: Context<DeskEnv>,
  now: Date,
  who: (email: string) => string,
  path: string,
): Promise<ReactNode> {
  const dated = await readPart('due', () => dueLeads(c.env, now), path);
  const noCall = await readPart(
    'noCall',
    async () => {
      const leads = await leadsWithoutCall(c.env, now);
      return Promise.all(leads.map(async (lead) => ({ lead, followUp: await allowedFollowUp(c, lead) })));
    },
    path,
  );
  const hours = readConfig(c.env).alerts.nudgeNoCallHours;
  const noCallPart = !noCall.ok ? (
    <PartUnreadable what="noCall" />
  ) : noCall.value.length > 0 ? (
    <NoCallGroup rows={noCall.value} hours={hours} />
  ) : null;
  if (dated.ok) return <DueSection due={dated.value} noCall={noCallPart} who={who} />;
  return (
    <>
      <PartUnreadable what="due" />
      {noCallPart}
    </>
  );
}

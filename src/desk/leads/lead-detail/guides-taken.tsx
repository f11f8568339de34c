import type { ReactNode } from 'react';
import type { Env } from '../../../env';
import type { GuideRequestRecord } from '../../../store/guides/guides';
import { getGuideStore } from '../../../store/guides/open';
import { deskGuides } from '../../../words/guides/desk-guides';
import { readPart } from '../../part';
import { deskStoreDown } from '../../store-down-words';
import { when } from '../../format';
import { ListCard } from '../../cards/list-card';

const copy = deskGuides.taken;

/**
 * A subscriber's page: the free guides whose confirmation made (or renewed) this subscription, each with when it was
 * asked for and confirmed and how often downloaded. Nothing when they took none; a note in its place when the
 * store cannot be reached (the rest of the page still shows).
 */
export async function guidesTaken(env: Env, subscriptionId: string, path: string): Promise<ReactNode> {
  const read = await readPart('guides', () => getGuideStore(env).forSubscription(subscriptionId), path);
  if (!read.ok)
    return (
      <p className="desk-banner desk-banner-info desk-part-unreadable" role="status">
        {deskStoreDown.part(copy.title)}
      </p>
    );
  return <GuidesTakenCard requests={read.value} />;
}

export function GuidesTakenCard({ requests }: { requests: readonly GuideRequestRecord[] }) {
  return (
    <ListCard id="guides-taken-heading" title={copy.title} items={requests}>
      {(r) => (
        <li key={r.id}>
          <strong>{r.guideTitle}</strong>
          <p className="desk-meta">
            {[
              copy.asked(when(r.requestedAt)),
              ...(r.confirmedAt ? [copy.confirmed(when(r.confirmedAt))] : []),
              copy.downloads(r.downloads),
            ].join(' · ')}
          </p>
        </li>
      )}
    </ListCard>
  );
}

/**
 * A subscriber's desk page shows the free guides their subscription came from (title, when asked and confirmed, how
 * often downloaded), on D1 and on Firestore; a subscriber who took none shows no such card, nor does a quiz response.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getGuideStore } from '../../../src/store/guides/open';
import { getLeadStore } from '../../../src/store/leads/open';
import { deskGuides } from '../../../src/words/guides/desk-guides';
import { callWorker } from '../../support/api';
import { D1_AND_FIRESTORE } from '../../support/firestore';
import { newsletterLead } from '../../fixtures/leads';
import { guideRequest } from '../../store/guides/guide-records';

const copy = deskGuides.taken;

afterEach(() => vi.unstubAllGlobals());

describe.each(D1_AND_FIRESTORE)('the guides a subscriber took, on %s', (_, makeEnv) => {
  it('lists each guide with when it was asked for and confirmed and its downloads', async () => {
    const env = await makeEnv();
    const email = `reader-${crypto.randomUUID().slice(0, 8)}@example.org`;
    const sub = newsletterLead({ email });
    const other = newsletterLead({ email: `other-${crypto.randomUUID().slice(0, 8)}@example.org` });
    await getLeadStore(env).save(sub);
    await getLeadStore(env).save(other);
    const guides = getGuideStore(env);
    const reset = guideRequest(email, 0, { guideTitle: 'The Five-Minute Reset' });
    const sleep = guideRequest(email, 1, { guide: 'sleep-well', guideTitle: 'Sleep Well Tonight' });
    for (const r of [reset, sleep]) await guides.create(r);
    await guides.confirm(reset.id, reset.requestedAt, sub.id);
    await guides.countDownload(reset.id, reset.requestedAt);
    await guides.confirm(sleep.id, sleep.requestedAt, sub.id);

    const html = await (await callWorker(env, `/desk/leads/newsletter/${sub.id}`)).text();
    expect(html).toContain(copy.title);
    expect(html).toContain('The Five-Minute Reset');
    expect(html).toContain('Sleep Well Tonight');
    expect(html).toContain(copy.downloads(1));
    expect(html).toContain(copy.downloads(0));
    // Newest first.
    expect(html.indexOf('Sleep Well Tonight')).toBeLessThan(html.indexOf('The Five-Minute Reset'));

    const none = await (await callWorker(env, `/desk/leads/newsletter/${other.id}`)).text();
    expect(none).toContain(other.email);
    expect(none).not.toContain(copy.title);
  });
});

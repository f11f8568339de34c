/**
 * Whose lead it is, over HTTP (`POST /desk/leads/:kind/:id/owner`) on D1 and on Firestore: an owner takes a lead,
 * gives it to the other owner and to nobody, each 303 back to the page with a banner; an address that is no owner's
 * is refused by the buttons with nothing changed; an unknown lead or a newsletter subscription is 404; a cross-site
 * post is refused. Signed in as Priya through the Access stand-in.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getLeadStore } from '../../../../src/store/leads/open';
import { callWorker, postForm } from '../../../support/api';
import { D1_AND_FIRESTORE } from '../../../support/firestore';
import { enquiryLead, newsletterLead, quizLead } from '../../../fixtures/leads';
import { ARJUN, PRIYA, signedIn } from './signed-in';

afterEach(() => vi.unstubAllGlobals());

const ME = PRIYA;

describe.each(D1_AND_FIRESTORE)('whose lead on the desk: %s', (_name, makeEnv) => {
  const setup = async () => {
    const { env, headers } = await signedIn(await makeEnv());
    const lead = enquiryLead({ email: `lead-${crypto.randomUUID().slice(0, 8)}@example.com` });
    await getLeadStore(env).save(lead);
    const path = `/desk/leads/enquiry/${lead.id}`;
    const page = async (query = '') => (await callWorker(env, `${path}${query}`, { headers })).text();
    const owner = (fields: Record<string, string>, at = path, more: Record<string, string> = {}) =>
      postForm(env, `${at}/owner`, fields, { ...headers, ...more });
    return {
      env,
      headers,
      lead,
      path,
      page,
      owner,
      stored: async () => (await getLeadStore(env).get('enquiry', lead.id))!.desk,
    };
  };

  it('takes a lead, gives it to the other owner and to nobody, each time back to the page with a banner', async () => {
    const { path, owner, page, stored } = await setup();
    expect(await page()).toContain('Nobody’s yet');
    expect(await page()).toContain('>Take it</button>');

    const taken = await owner({ owner: 'Priya@Example.com' });
    expect(taken.status).toBe(303);
    expect(taken.headers.get('location')).toBe(`${path}?owner=saved`);
    expect(await stored()).toMatchObject({ owner: ME, ownerBy: ME });
    const mine = await page('?owner=saved');
    expect(mine).toContain('Whose lead: Yours.');
    expect(mine).toContain('>Give to Arjun</button>');
    expect(mine).not.toContain('>Take it</button>');
    expect(mine).toMatch(/Set by Priya on /);

    expect((await owner({ owner: ARJUN })).status).toBe(303);
    expect(await stored()).toMatchObject({ owner: ARJUN, ownerBy: ME });
    const theirs = await page('?owner=saved');
    expect(theirs).toContain('Whose lead: Arjun’s.');
    expect(theirs).toContain('>Take it</button>');

    expect((await owner({ owner: '' })).status).toBe(303);
    const nobodys = await stored();
    expect(nobodys.owner).toBeUndefined();
    expect(nobodys.ownerBy).toBe(ME);
    expect(await page('?owner=saved')).toContain('Whose lead: Nobody’s yet.');
  });

  it('takes the label the page’s buttons send (Admin1, Admin2), and no page carries an owner’s address', async () => {
    const { owner, page, stored } = await setup();
    // OWNER_EMAILS is a secret: the buttons name the owners by label, and the lead stores the address.
    const html = await page();
    expect(html).toMatch(/<button type="submit" value="Admin1"[^>]*name="owner"/);
    expect(html).toMatch(/<button type="submit" value="Admin2"[^>]*name="owner"/);
    expect(html).not.toContain(ARJUN);
    expect((await owner({ owner: 'Admin2' })).status).toBe(303);
    expect(await stored()).toMatchObject({ owner: ARJUN, ownerBy: ME });
    expect(await page('?owner=saved')).not.toContain(ARJUN);
    expect((await owner({ owner: 'admin1' })).status).toBe(303);
    expect(await stored()).toMatchObject({ owner: ME });
    expect((await owner({ owner: 'Admin3' })).status).toBe(400);
    expect(await stored()).toMatchObject({ owner: ME });
  });

  it('refuses an address that is no owner’s by the buttons, and changes nothing', async () => {
    const { owner, stored } = await setup();
    await owner({ owner: ARJUN });
    for (const address of ['stranger@example.com', 'x'.repeat(300)]) {
      const res = await owner({ owner: address });
      expect(res.status).toBe(400);
      expect(await res.text()).toContain('Choose one of the owners, or nobody.');
    }
    expect(await stored()).toMatchObject({ owner: ARJUN });
  });

  it('answers 404 for an unknown lead and for a newsletter subscription, and takes a quiz response', async () => {
    const { env, headers, owner } = await setup();
    const unknown = await owner({ owner: ME }, `/desk/leads/enquiry/${crypto.randomUUID()}`);
    expect(unknown.status).toBe(404);
    const sub = newsletterLead({ email: `sub-${crypto.randomUUID().slice(0, 8)}@example.com` });
    await getLeadStore(env).save(sub);
    expect((await owner({ owner: ME }, `/desk/leads/newsletter/${sub.id}`)).status).toBe(404);
    expect((await getLeadStore(env).get('newsletter', sub.id))!.desk.owner).toBeUndefined();
    expect(await (await callWorker(env, `/desk/leads/newsletter/${sub.id}`, { headers })).text()).not.toContain(
      'Whose lead',
    );
    const quiz = quizLead();
    await getLeadStore(env).save(quiz);
    expect((await owner({ owner: ME }, `/desk/leads/quiz/${quiz.id}`)).status).toBe(303);
    expect((await getLeadStore(env).get('quiz', quiz.id))!.desk.owner).toBe(ME);
  });

  it('refuses a post from another site', async () => {
    const { owner, stored } = await setup();
    const res = await owner({ owner: ME }, undefined, { origin: 'https://evil.example' });
    expect(res.status).toBe(403);
    expect((await stored()).owner).toBeUndefined();
  });
});

import { readFileSync } from 'node:fs';
import { openDeskSection, overflowX, signIn } from '../support/desk/desk';
import { expectFailedResource, postLead, uniqueEmail, uniquePhone } from '../support/leads';
import { deliveries, rowsHolding, waitForDeliveries, waitForLeads, waitForSettledDeliveries } from '../support/store';
import { kitHas } from '../support/standins';
import { expect, test, keepScreenshot } from '../support/test';
import { messageEvent, postSigned } from '../support/webhook';

const BASE = `http://127.0.0.1:${process.env.E2E_PORT || 8788}`;

test.describe('a person on the desk', () => {
  test('an owner finds a person who took the quiz and subscribed, downloads the copy and erases them', async ({
    page,
    problems,
  }, info) => {
    test.setTimeout(90_000);
    const email = uniqueEmail('person');
    const phone = uniquePhone();

    // The visitor has taken the quiz and subscribed with the same address (the forms' own journeys are in
    // quiz/quiz.spec.ts and forms/newsletter.spec.ts): one request each, as the hydrated forms post them.
    const quizId = await postLead(page, 'quiz', {
      answers: { '0': 'Health', '1': '26-39', '2': 'I know a little' },
      contact: { first: 'Kavya', last: 'Menon', email, phone: phone.typed },
    });
    const subscriptionId = await postLead(page, 'newsletter', { email });
    const [quiz] = await waitForLeads<{ id: string }>('quiz_responses', email);
    expect(quiz!.id).toBe(quizId);
    await waitForLeads('news_letter', email);
    // The owners' alerts about the quiz are in the ledger before the erasure, and the signup reached Kit.
    await waitForSettledDeliveries(quiz!.id, 2);
    await waitForDeliveries(subscriptionId, (rows) =>
      rows.some((r) => r.template === 'newsletter_subscribe' && r.status === 'sent'),
    );
    expect((await kitHas(email)).subscriber?.state).toBe('inactive');

    await signIn(page);
    await page.goto('/desk');
    await openDeskSection(page, 'People');
    await page.getByRole('searchbox', { name: 'Email address or phone number' }).fill(email);
    await page.getByRole('button', { name: 'Find' }).click();
    await expect(page.getByRole('heading', { name: new RegExp(`records held for ${email}`) })).toBeVisible();
    const leads = page.locator('section', { has: page.getByRole('heading', { name: 'Leads' }) });
    await expect(leads.getByRole('link')).toHaveCount(2);
    await expect(leads.getByRole('link', { name: /Quiz Kavya Menon/ })).toBeVisible();
    await expect(leads.getByRole('link', { name: /Newsletter/ })).toBeVisible();
    // The number their quiz held is offered, unticked, until the owner confirms it is theirs.
    const theirs = page.getByRole('checkbox', { name: `${phone.e164} belongs to this person` });
    await expect(theirs).not.toBeChecked();
    await theirs.check();
    await page.getByRole('button', { name: 'Show the records with the ticked ones' }).click();
    await expect(page.getByRole('checkbox', { name: `${phone.e164} belongs to this person` })).toBeChecked();
    expect(page.url()).not.toContain(email.split('@')[0]!);
    expect(await overflowX(page), 'no horizontal scrolling on the person').toBeLessThanOrEqual(0);
    await keepScreenshot(page, { path: info.outputPath(`person-${info.project.name}.png`), fullPage: true });

    // The copy: every record in full.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download a copy (JSON)' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^person-\d{4}-\d\d-\d\d\.json$/);
    const copy = JSON.parse(readFileSync((await download.path())!, 'utf8'));
    expect(copy.person).toBe(email);
    expect(copy.identifiers).toEqual([email, phone.e164]);
    expect(copy.quizResponses).toHaveLength(1);
    expect(copy.quizResponses[0]).toMatchObject({
      answers: { '0': 'Health', '1': '26-39', '2': 'I know a little' },
      contact: { first: 'Kavya', last: 'Menon', email, phone: phone.e164 },
    });
    expect(copy.newsletterSubscriptions).toHaveLength(1);
    expect(copy.messages.length).toBeGreaterThanOrEqual(2);

    // A confirmation that does not match erases nothing.
    await page.getByLabel('Type the email address or phone number again to confirm').fill('someone@example.com');
    await page.getByRole('button', { name: 'Erase everything' }).click();
    await expect(page.getByText('This does not match the email address or phone number searched for')).toBeVisible();
    await expectFailedResource(problems, 400);
    expect((await rowsHolding(email)).quiz_responses).toBe(1);
    await expect(page.getByRole('checkbox', { name: `${phone.e164} belongs to this person` })).toBeChecked();

    await page.getByLabel('Type the email address or phone number again to confirm').fill(email);
    await page.getByRole('button', { name: 'Erase everything' }).click();
    await expect(page).toHaveURL(/\/desk\/people\?erased=\d+$/);
    await expect(page.getByRole('status')).toContainText('Erased. 1 quiz response, 1 subscription');
    await expect(page.getByRole('status')).toContainText('for 1 address and 1 number confirmed as theirs');
    // Kit had the signup: it is told to unsubscribe them, and the owner to delete them there by hand.
    await expect(page.getByRole('status')).toContainText(
      /Kit (is unsubscribing them now|unsubscribed them)\. Kit’s API cannot delete: delete them in Kit by hand/,
    );
    await expect.poll(async () => (await kitHas(email)).subscriber?.state, { timeout: 15_000 }).toBe('cancelled');
    await page.reload();
    await expect(page.getByRole('status')).toContainText('Kit unsubscribed them.');
    await expect(page.getByRole('heading', { name: 'Erasures' })).toBeVisible();
    await keepScreenshot(page, { path: info.outputPath(`person-erased-${info.project.name}.png`), fullPage: true });

    // The whole local store and ledger hold neither the address nor the number.
    for (const text of [email, phone.e164, phone.e164.slice(1)]) {
      const held = await rowsHolding(text);
      expect(
        Object.values(held).reduce((a, b) => a + b, 0),
        `${text}: ${JSON.stringify(held)}`,
      ).toBe(0);
    }
    await page.getByRole('searchbox', { name: 'Email address or phone number' }).fill(phone.typed);
    await page.getByRole('button', { name: 'Find' }).click();
    await expect(page.getByText(`Nothing is held for ${phone.e164}.`)).toBeVisible();
  });

  test('a number someone else typed into a form stays out of the copy and the erasure until the owner ticks it', async ({
    page,
  }, info) => {
    test.setTimeout(90_000);
    // Vani sent an enquiry with her number and wrote to the business from it.
    const vani = { email: uniqueEmail('vani'), phone: uniquePhone() };
    await postLead(page, 'enquiry', {
      name: 'Vani Rao',
      email: vani.email,
      phone: vani.phone.typed,
      description: 'A retreat for our team',
    });
    await waitForLeads('enquiries', vani.email);
    const words = `Vani here ${info.project.name}: is the retreat still on?`;
    expect((await postSigned(BASE, messageEvent(vani.phone.e164, words, 'Vani'))).status).toBe(200);
    // Ravi took the quiz with his own address and Vani's number.
    const ravi = uniqueEmail('ravi');
    const quizId = await postLead(page, 'quiz', {
      answers: { '0': 'Health', '1': '26-39', '2': 'I know a little' },
      contact: { first: 'Ravi', last: 'Kumar', email: ravi, phone: vani.phone.typed },
    });
    await waitForLeads('quiz_responses', ravi);
    // The owners were alerted about his quiz; what went to the number he typed is that number's.
    // Three rows: the two owners' alerts, then the result email (its own job, which can come last).
    const sent = await waitForSettledDeliveries(quizId, 3);
    const toVani = sent.filter((r) => r.recipient === vani.phone.e164).length;
    const aboutRavi = sent.length - toVani;

    await signIn(page);
    await page.goto('/desk/people');
    await page.getByRole('searchbox', { name: 'Email address or phone number' }).fill(ravi);
    await page.getByRole('button', { name: 'Find' }).click();
    await expect(page.getByRole('heading', { name: 'Other numbers and addresses in these records' })).toBeVisible();
    await expect(page.getByRole('checkbox', { name: `${vani.phone.e164} belongs to this person` })).not.toBeChecked();
    await expect(page.getByText(/WhatsApp messages? from them/)).toHaveCount(0);
    expect(await overflowX(page), 'no horizontal scrolling on the person').toBeLessThanOrEqual(0);
    await keepScreenshot(page, {
      path: info.outputPath(`person-other-number-${info.project.name}.png`),
      fullPage: true,
    });

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download a copy (JSON)' }).click(),
    ]);
    const text = readFileSync((await download.path())!, 'utf8');
    const copy = JSON.parse(text);
    expect(copy.identifiers).toEqual([ravi]);
    expect(copy.quizResponses).toHaveLength(1);
    expect(copy.enquiries).toEqual([]);
    expect(copy.whatsAppConversations).toEqual([]);
    expect(text).not.toContain(words);

    await page.getByLabel('Type the email address or phone number again to confirm').fill(ravi);
    await page.getByRole('button', { name: 'Erase everything' }).click();
    await expect(page.getByRole('status')).toContainText(
      `Erased. 1 quiz response, ${aboutRavi} message records, for 1 address confirmed as theirs (1 other in their forms left as someone else’s).`,
    );
    expect((await rowsHolding(ravi)).quiz_responses ?? 0).toBe(0);
    expect((await deliveries(quizId)).filter((r) => r.recipient === vani.phone.e164)).toHaveLength(toVani);

    // Vani is still whole: her enquiry, and what she wrote.
    await page.getByRole('searchbox', { name: 'Email address or phone number' }).fill(vani.phone.typed);
    await page.getByRole('button', { name: 'Find' }).click();
    const leads = page.locator('section', { has: page.getByRole('heading', { name: 'Leads' }) });
    await expect(leads.getByRole('link', { name: /Enquiry Vani Rao/ })).toBeVisible();
    await expect(page.getByText('1 WhatsApp message from them')).toBeVisible();
    await keepScreenshot(page, { path: info.outputPath(`person-other-kept-${info.project.name}.png`), fullPage: true });
    // Her lead still shows what she wrote (and opening it reads it, as an owner would).
    await leads.getByRole('link', { name: /Enquiry Vani Rao/ }).click();
    await expect(page.getByText(words)).toBeVisible();
  });

  test('an owner corrects a misspelt name; the lead page records who corrected it', async ({
    page,
    problems,
  }, info) => {
    const email = uniqueEmail('correct');
    // The quiz's own journeys are in quiz/quiz.spec.ts: here the response arrives as the hydrated form posts it.
    await postLead(page, 'quiz', { answers: {}, contact: { first: 'Kavia', last: 'Menon', email, phone: '' } });
    const [quiz] = await waitForLeads<{ id: string }>('quiz_responses', email);

    await signIn(page);
    await page.goto(`/desk/leads/quiz/${quiz!.id}`);
    await page.getByText('Correct name, email or phone').click();
    await page.getByRole('textbox', { name: 'Email' }).fill('not-an-address');
    await page.getByRole('button', { name: 'Save correction' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'nothing was changed' })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Email' })).toHaveAttribute('aria-invalid', 'true');
    await expectFailedResource(problems, 400);
    await page.getByRole('textbox', { name: 'Email' }).fill(email);
    await page.getByRole('textbox', { name: 'First name' }).fill('Kavya');
    await page.getByRole('button', { name: 'Save correction' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Kavya Menon' })).toBeVisible();
    await page.getByText('Correct name, email or phone').click();
    await expect(page.getByText(/First name corrected by priya@example.com on/)).toBeVisible();
    await keepScreenshot(page, { path: info.outputPath(`lead-corrected-${info.project.name}.png`), fullPage: true });

    // Everything held about them: a search posted from the lead's page, so the address stays out of the URL.
    await page.getByRole('button', { name: 'Everything held about this person' }).click();
    await expect(page.getByRole('heading', { name: new RegExp(`records? held for ${email}`) })).toBeVisible();
    expect(page.url()).toMatch(/\/desk\/people$/);
  });
});

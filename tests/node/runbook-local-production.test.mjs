// The runbook rehearsed, its last step (steps 1 to 9 are in ./runbook.test.mjs): the production build started locally
// with production's settings and the secrets file, against the https stand-ins for Meta, Google and Turnstile, one
// lead of each kind reaching both owners.
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { startLocalWorker } from '../../scripts/dev/local-worker.mjs';
import { BASE, configureServices, control, secretsFile, standinConfig, TOKEN, trustFile } from './support/operator.mjs';

const config = standinConfig();
describe('the production build, started locally with production settings', { timeout: 300_000 }, () => {
  it('10. takes one lead of each kind and tells both owners', async () => {
    await configureServices();
    // Tokens the Turnstile stand-in accepts, as solved on the site for each form.
    await control({ service: 'turnstile', secret: '1x0000000000000000000000000000000AA', hostname: 'www.coach.test' });
    const values = JSON.parse(readFileSync(secretsFile(), 'utf8'));
    // Production's vars and the secrets file; the leads in D1 (LEAD_STORE=d1, a production option): Firestore's
    // addresses are Google's own, which nothing here may reach. workerd trusts the stand-ins' authority.
    const worker = await startLocalWorker({
      port: Number(process.env.REHEARSAL_PORT || 8316),
      config,
      env: 'production',
      vars: { ...values, LEAD_STORE: 'd1' },
      processEnv: { SSL_CERT_FILE: trustFile },
      // `npm test` has built the client just before (and step 6's deploy built it again).
      build: !existsSync('src/generated/assets.json'),
    });
    try {
      const before = (await control({ service: 'graph' })).received.graph.length;
      const post = async (form, body) => {
        const res = await fetch(`${worker.origin}/api/${form}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'cf-connecting-ip': '203.0.113.9' },
          body: JSON.stringify({
            submissionId: crypto.randomUUID(),
            ...body,
            turnstileToken: `XXXX.DUMMY.TOKEN.XXXX:${form}`,
          }),
        });
        assert.equal(res.status, 201, `${form}: ${await res.text()}`);
      };
      const email = `rehearsal-${Date.now()}@example.com`;
      await post('newsletter', { email });
      await post('enquiry', { name: 'Asha Verma', phone: '+919812300009', email, description: 'A retreat' });
      await post('quiz', {
        answers: { 0: 'Leadership' },
        contact: { first: 'Ravi', last: 'Kumar', email, phone: '' },
      });
      const expected = [
        ['+919800000001', 'journey_owner'],
        ['+919800000001', 'quiz_owner'],
        ['+919800000001', 'subscription_notfication'],
        ['+919800000002', 'journey_owner'],
        ['+919800000002', 'quiz_owner'],
        ['+919800000002', 'subscription_notfication'],
        ['+919812300009', 'journey_users'],
      ];
      let sends = [];
      for (const deadline = Date.now() + 60_000; Date.now() < deadline; await new Promise((r) => setTimeout(r, 500))) {
        sends = (await control({ service: 'graph' })).received.graph
          .slice(before)
          .filter((r) => r.method === 'POST' && r.path.endsWith('/messages'))
          .map((r) => [JSON.parse(r.body).to, JSON.parse(r.body).template.name, r.headers.authorization]);
        if (sends.length >= expected.length) break;
      }
      assert.deepEqual(
        sends.map(([to, template]) => [to, template]).sort(),
        expected,
        'each owner told of each lead once, the visitor thanked once',
      );
      assert.ok(sends.every(([, , auth]) => auth === `Bearer ${TOKEN}`));
      assert.ok(BASE.startsWith('https://'), 'over https, as deployed');
    } finally {
      await worker.stop();
    }
  });
});

// Kit and Mailchimp stand-ins for `wrangler dev` runs (Playwright) and the operator scripts, with the rules the
// workerd tests' stand-in uses too (kit-rules.mjs, mailchimp-rules.mjs): /kit/v4/… and /mailchimp/<dc>/3.0/….
// GET /__newsletter answers what each received: {kit: {subscribers, optIns, calls}, mailchimp: {members,
// confirmations, deleted, calls}}. Control: POST /__control {service: 'kit' | 'mailchimp', fail: {status, times?}}.
import { createHash } from 'node:crypto';
import { SENTINELS } from '../sentinels.mjs';
import { register, registerFetch } from './index.mjs';
import { createKit } from '../newsletter/kit-rules.mjs';
import { createMailchimp } from '../newsletter/mailchimp-rules.mjs';

/** Must match the settings scripts/dev/e2e-server.mjs and the operator tests give. */
export const NEWSLETTER_EXPECT = {
  kitApiKey: SENTINELS.KIT_API_KEY,
  kitFormId: 1234567,
  mailchimpApiKey: SENTINELS.MAILCHIMP_API_KEY,
  mailchimpListId: 'a1b2c3d4e5',
};

const md5 = async (text) => createHash('md5').update(text).digest('hex');
export const kit = createKit({
  apiKey: NEWSLETTER_EXPECT.kitApiKey,
  forms: [{ id: NEWSLETTER_EXPECT.kitFormId, name: 'Newsletter' }],
});
export const mailchimp = createMailchimp({
  apiKey: NEWSLETTER_EXPECT.mailchimpApiKey,
  lists: [{ id: NEWSLETTER_EXPECT.mailchimpListId, name: 'Newsletter' }],
  md5,
});

/** Applies what the control API last set (a new object after each POST /__control): a failure, or another key. */
function controlled(service, config) {
  if (config === service.applied) return;
  service.applied = config;
  service.fail = config.fail;
  if (config.apiKey) service.apiKey = config.apiKey;
}

registerFetch('kit', (request, config) => {
  controlled(kit, config);
  return kit.handle(request);
});
registerFetch('mailchimp', (request, config) => {
  controlled(mailchimp, config);
  return mailchimp.handle(request);
});
register('__newsletter', async () => ({
  status: 200,
  body: JSON.stringify({
    kit: {
      subscribers: [...kit.subscribers.values()].map(({ forms, tags, ...s }) => ({
        ...s,
        forms: [...forms],
        tags: [...tags],
      })),
      optIns: kit.optIns,
      calls: kit.calls,
    },
    mailchimp: {
      members: [...mailchimp.members.values()],
      confirmations: mailchimp.confirmations,
      deleted: mailchimp.deleted,
      calls: mailchimp.calls,
    },
  }),
}));

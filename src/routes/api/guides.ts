import { Hono } from 'hono';
import type { Env } from '../../env';
import { ApiException, onlyPost } from '../../http/errors';
import { readInput } from '../../http/body';
import { GuideSchema } from '../../shared/lead-schemas';
import { site } from '../../words/site';
import { guideDelivery as words } from '../../words/guides/delivery';
import { offeredGuide, requestGuide } from '../../guides/request';
import { GUIDE_DONE_PATH } from '../../shared/lead-rules';

/**
 * POST /api/guide: a visitor asks for a free guide (issue 59). The guards in routes/api.ts ran before it (cross-site
 * refusal, rate limit, capped body, honeypot, Turnstile). A guide not offered now is a field error on `guide`; any
 * other valid request is answered 202 with the same body, whether an email went or not (a repeat within a day, a
 * refused Turnstile token, an address that bounced): the answer never tells whether an address is known.
 */
export const guideForm = new Hono<{ Bindings: Env }>();

guideForm.post('/', async (c) => {
  const input = await readInput(c, GuideSchema);
  const guide = await offeredGuide(c.env, input.guide);
  if (!guide) throw new ApiException(400, 'invalid_input', site.forms.checkFields, { guide: words.notOffered });
  await requestGuide(c.env, guide, {
    email: input.email,
    consent: input.consent,
    attribution: input.attribution,
    verified: c.get('humanVerified'),
  });
  // `next`: where a plain form post is sent (routes/forms.ts), the block of the guide asked for saying to look in
  // the inbox; the slug names the guide only.
  return c.json({ ok: true, next: `${GUIDE_DONE_PATH}=${guide.slug}#guides` }, 202);
});

guideForm.all('/', onlyPost);

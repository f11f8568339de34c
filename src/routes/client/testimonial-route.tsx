import { Hono, type Context } from 'hono';
import { TextPage } from '../../../client/pages/text-page';
import type { Env } from '../../env';
import { readRequestBody } from '../../http/body';
import { engagementForToken } from '../../clients/open-page';
import {
  readTestimonialForm,
  submitTestimonial,
  withdrawTestimonial,
  type TestimonialErrors,
  type TestimonialValues,
} from '../../clients/testimonials';
import { tellOwnersWithdrawn } from '../../notify/clients/testimonial-notices';
import { refuseCrossSite, submitRateLimit } from '../../security/guards';
import type { EngagementRecord } from '../../store/clients/clients';
import { getClientStore } from '../../store/clients/open';
import { testimonialWords } from '../../words/clients/testimonials';
import { site } from '../../words/site';
import { render, type Status } from '../page-render';
import { TestimonialSection, testimonialPath } from './testimonial-section';

/**
 * The client's testimonial, from their private page: `GET /c/:token/testimonial` shows the part alone (the client
 * page shows the same TestimonialSection), `POST /c/:token/testimonial` sends one (fields quote, name, place,
 * consent) and `POST /c/:token/testimonial/withdraw` (field testimonial) withdraws consent. A token that opens no
 * engagement gets the same 404 as any unknown address; the posts are rate-limited per client like the forms.
 */
export const clientTestimonials = new Hono<{ Bindings: Env }>();

type C = Context<{ Bindings: Env }>;

// One pattern for the form and its withdrawal (`…/testimonial/*` matches `…/testimonial` too): a post counts once.
clientTestimonials.use('/c/:token/testimonial/*', refuseCrossSite(), submitRateLimit());

async function page(
  c: C,
  engagement: EngagementRecord,
  token: string,
  status: Status,
  form: { errors?: TestimonialErrors; values?: Partial<TestimonialValues>; notice?: 'sent' | 'withdrawn' } = {},
) {
  const testimonials = await getClientStore(c.env).testimonialsFor(engagement.id);
  const res = await render(
    c,
    <TextPage name="client-page" year={new Date().getFullYear()} backHome={testimonialWords.section.backHome}>
      <TestimonialSection engagement={engagement} testimonials={testimonials} token={token} {...form} />
    </TextPage>,
    // The address holds the client's token: the page says only what the section says, and is never indexed.
    { title: `${testimonialWords.section.heading} · ${site.brand}`, description: '', path: '/', noindex: true },
    status,
  );
  res.headers.set('Cache-Control', 'private, no-store');
  res.headers.set('X-Robots-Tag', 'noindex, nofollow');
  return res;
}

const NOTICES = { sent: 'sent', withdrawn: 'withdrawn' } as const;

clientTestimonials.get('/c/:token/testimonial', async (c) => {
  const token = c.req.param('token');
  const engagement = await engagementForToken(c.env, token, new Date());
  if (!engagement) return c.notFound();
  const done = NOTICES[c.req.query('done') as keyof typeof NOTICES];
  return page(c, engagement, token, 200, done ? { notice: done } : {});
});

clientTestimonials.post('/c/:token/testimonial', async (c) => {
  const token = c.req.param('token');
  const now = new Date();
  const engagement = await engagementForToken(c.env, token, now);
  // Before an owner asked, the page offers no form: the address answers as an unknown one does.
  if (!engagement?.testimonialAskedAt) return c.notFound();
  const read = readTestimonialForm((await readRequestBody(c)).fields);
  if (!read.ok) return page(c, engagement, token, 400, { errors: read.errors, values: read.values });
  await submitTestimonial(c.env, engagement, read.value, now);
  return c.redirect(`${testimonialPath(token)}?done=sent`, 303);
});

clientTestimonials.post('/c/:token/testimonial/withdraw', async (c) => {
  const token = c.req.param('token');
  const now = new Date();
  const engagement = await engagementForToken(c.env, token, now);
  if (!engagement) return c.notFound();
  const id = (await readRequestBody(c)).fields.testimonial;
  const done = typeof id === 'string' ? await withdrawTestimonial(c.env, engagement, id, now) : null;
  // One already withdrawn, or not theirs: the page again, unchanged.
  if (!done) return c.redirect(testimonialPath(token), 303);
  if (done.draftChanged) await tellOwnersWithdrawn(c.env, done.testimonial);
  return c.redirect(`${testimonialPath(token)}?done=withdrawn`, 303);
});

import { Hono } from 'hono';
import { engagementForToken } from '../../clients/open-page';
import { readTestimonialForm, submitTestimonial, withdrawTestimonial } from '../../clients/testimonials';
import { tellOwnersWithdrawn } from '../../notify/clients/testimonial-notices';
import { RATE_LIMIT_PERIOD_SECONDS } from '../../security/guards';
import { clientPageWords as words } from '../../words/clients/client-page';
import type { AppEnv } from '../page-render';
import { ClientNotice } from './client-page';
import {
  type ClientContext,
  clientPage,
  crossSite,
  guarded,
  notFound,
  overLimit,
  page,
  postedFields,
} from './client-routes';

/** Back to the client's page at its testimonial section, with what the post did. */
const back = (c: ClientContext, done?: 'sent' | 'withdrawn') =>
  c.redirect(`/c/${c.req.param('token')}${done ? `?done=${done}` : ''}#testimonial-heading`, 303);

/** The post's engagement, or the answer instead: the unknown page, a refused cross-site post, the rate limit. */
async function posted(c: ClientContext, now: Date) {
  if (crossSite(c)) return { answer: c.text('Forbidden', 403) };
  const engagement = await engagementForToken(c.env, c.req.param('token')!, now);
  if (!engagement) return { answer: await notFound(c) };
  if (await overLimit(c, engagement)) {
    const res = await page(c, <ClientNotice year={now.getFullYear()} {...words.rateLimited} />, 429);
    res.headers.set('Retry-After', String(RATE_LIMIT_PERIOD_SECONDS));
    return { answer: res };
  }
  return { engagement };
}

/**
 * The client's testimonial, on their private page: `POST /c/:token/testimonial` sends one (fields quote, name,
 * place, consent) and `POST /c/:token/testimonial/withdraw` (field testimonial) withdraws consent. A token that opens
 * no engagement gets the same 404 as any unknown address; the posts are limited per client like the terms.
 */
export function clientTestimonials(clock: () => Date = () => new Date()): Hono<AppEnv> {
  const pages = new Hono<AppEnv>();
  // The section alone had an address of its own before it joined the page: it leads there.
  pages.get('/c/:token/testimonial', (c) =>
    guarded(c, async () => {
      const engagement = await engagementForToken(c.env, c.req.param('token'), clock());
      return engagement ? back(c) : notFound(c);
    }),
  );

  pages.post('/c/:token/testimonial', (c) =>
    guarded(c, async () => {
      const now = clock();
      const { engagement, answer } = await posted(c, now);
      if (!engagement) return answer;
      // Before an owner asked, the page offers no form: the address answers as an unknown one does.
      if (!engagement.testimonialAskedAt) return notFound(c);
      const { fields, status } = await postedFields(c);
      const read = readTestimonialForm(fields);
      if (!read.ok) return clientPage(c, engagement, now, {}, status, { errors: read.errors, values: read.values });
      await submitTestimonial(c.env, engagement, read.value, now);
      return back(c, 'sent');
    }),
  );

  pages.post('/c/:token/testimonial/withdraw', (c) =>
    guarded(c, async () => {
      const now = clock();
      const { engagement, answer } = await posted(c, now);
      if (!engagement) return answer;
      const id = (await postedFields(c)).fields.testimonial;
      const done = typeof id === 'string' ? await withdrawTestimonial(c.env, engagement, id, now) : null;
      // One already withdrawn, or not theirs: the page again, unchanged.
      if (!done) return back(c);
      if (done.draftChanged) await tellOwnersWithdrawn(c.env, done.testimonial);
      return back(c, 'withdrawn');
    }),
  );

  return pages;
}

import { Hono } from 'hono';
import type { Env } from '../../env';
import { readInput } from '../../http/body';
import { onlyPost } from '../../http/only-post';
import { answerLead } from './lead-answer';
import { leadBase } from '../../leads/base';
import { NewsletterSchema } from '../../shared/lead-schemas';

/** POST /api/newsletter: a subscriber's email. */
export const newsletter = new Hono<{ Bindings: Env }>();

newsletter.post('/', async (c) => {
  const input = await readInput(c, NewsletterSchema);
  return answerLead(c, {
    ...leadBase(input),
    kind: 'newsletter',
    verified: c.get('humanVerified'),
    ...(c.get('humanUnchecked') ? { unchecked: true } : {}),
    email: input.email,
  });
});

newsletter.all('/', onlyPost);

import { Hono } from 'hono';
import type { Env } from '../../env';
import { readInput } from '../../http/read-input';
import { onlyPost } from '../../http/only-post';
import { acceptLead } from '../../leads/accept';
import { NewsletterSchema } from '../../shared/lead-schemas';

/** POST /api/newsletter: a subscriber's email. */
export const newsletter = new Hono<{ Bindings: Env }>();

newsletter.post('/', async (c) => {
  const input = await readInput(c, NewsletterSchema);
  const { id, status } = await acceptLead(c.env, {
    kind: 'newsletter',
    id: input.submissionId ?? crypto.randomUUID(),
    createdAt: new Date().toISOString(),
    email: input.email,
  });
  return c.json({ ok: true, id }, status);
});

newsletter.all('/', onlyPost);

import { Hono } from 'hono';
import type { Env } from '../../env';
import { readConfig } from '../../env';
import { site } from '../../content/site';
import { readInput } from '../../http/body';
import { onlyPost } from '../../http/only-post';
import { answerLead } from './lead-answer';
import { leadBase } from '../../leads/base';
import { programTitle, recommend, recommendationPath } from '../../shared/recommend';
import { normalizePhone } from '../../leads/phone';
import { QuizSchema } from '../../shared/lead-schemas';

/** POST /api/quiz: the quiz answers and the contact from its last step. */
export const quiz = new Hono<{ Bindings: Env }>();

quiz.post('/', async (c) => {
  const input = await readInput(c, QuizSchema);
  const { phone } = input.contact;
  // The phone is optional and the quiz cannot show a field error after submit (it returns to /),
  // so a number that cannot be normalised is kept as typed rather than costing the whole lead.
  const normalized = phone && (normalizePhone(phone, readConfig(c.env).leads.defaultPhoneRegion) ?? phone);
  const answers = Object.fromEntries(
    Object.entries(input.answers).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
  const recommended = recommend(answers);
  return answerLead(
    c,
    {
      ...leadBase(input),
      kind: 'quiz',
      verified: c.get('humanVerified'),
      ...(c.get('humanUnchecked') ? { unchecked: true } : {}),
      answers,
      contact: { ...input.contact, phone: normalized },
      source: site.quiz.source,
      recommended: recommended.map(programTitle),
    },
    // `next` is where the visitor sees the result: program names only, nothing personal in the address.
    { recommended, next: recommendationPath(recommended) },
  );
});

quiz.all('/', onlyPost);

import { Hono } from 'hono';
import type { Env } from '../../env';
import { readConfig } from '../../env';
import { site } from '../../content/site';
import { ApiException } from '../../http/errors';
import { readInput } from '../../http/body';
import { onlyPost } from '../../http/only-post';
import { answerLead } from './lead-answer';
import { leadBase } from '../../leads/base';
import { normalizePhone } from '../../leads/phone';
import { EnquirySchema } from '../../shared/lead-schemas';

/** POST /api/enquiry: the enquiry modal. Its phone receives a WhatsApp message, so it must be a real number. */
export const enquiry = new Hono<{ Bindings: Env }>();

enquiry.post('/', async (c) => {
  const input = await readInput(c, EnquirySchema);
  const phone = normalizePhone(input.phone, readConfig(c.env).leads.defaultPhoneRegion);
  if (!phone) {
    throw new ApiException(400, 'invalid_input', site.forms.checkFields, { phone: site.forms.invalidPhone });
  }
  return answerLead(c, {
    ...leadBase(input),
    kind: 'enquiry',
    verified: c.get('humanVerified'),
    ...(c.get('humanUnchecked') ? { unchecked: true } : {}),
    name: input.name,
    phone,
    email: input.email,
    description: input.description,
  });
});

enquiry.all('/', onlyPost);

import type { Context } from 'hono';
import { logEvent, errorMessage } from '../../log';
import { site } from '../../content/site';
import { ApiException } from '../../http/errors';
import { acceptLead } from '../../leads/accept';
import { LeadStoreError } from '../../store/port';
import type { Lead } from '../../store/lead';

/**
 * Accepts a lead and gives the visitor the answer: 201 when it is stored, 202 when it
 * is parked until the store recovers (either way the form says "thank you"), 503 when
 * it could be neither, so the form keeps the fields and asks to try again. `extra` joins
 * the success answer (the quiz's recommendation).
 */
export async function answerLead(c: Context, lead: Lead, extra: Record<string, unknown> = {}): Promise<Response> {
  try {
    const accepted = await acceptLead(c.env, lead);
    return c.json({ ok: true, id: lead.id, ...extra }, accepted === 'stored' ? 201 : 202);
  } catch (err) {
    if (!(err instanceof LeadStoreError)) throw err;
    logEvent('error', 'lead.refused', { submissionId: lead.id, kind: lead.kind, error: errorMessage(err) });
    throw new ApiException(503, 'store_unavailable', site.forms.failed);
  }
}

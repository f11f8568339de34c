import { Hono, type Context } from 'hono';
import * as z from 'zod';
import { desk as copy } from '../../words/desk';
import { deskPayments as words } from '../../words/payments/desk-payments';
import { LeadParams, parse } from '../params';
import { logEvent } from '../../log';
import { ApiException } from '../../http/errors';
import { readRequestBody } from '../../http/body';
import { getLeadStore } from '../../store/leads/open';
import { getPaymentStore } from '../../store/payments/open';
import { getPaymentProvider } from '../../payments/open';
import { askForPayment } from '../../payments/ask';
import { PaymentProviderError } from '../../payments/provider';
import { readConfig } from '../../env';
import { leadPath, type DeskEnv } from '../page';
import { offeredPrograms } from '../payments/lead-payments';
import { readRequestForm, type FieldName } from '../payments/request-form';
import { enqueue } from '../../queue/jobs';
import { contactOf } from '../../store/leads/lead';
import { sendPaymentRequest } from '../../notify/payments/payment-request';
import { rupees } from '../payments/money';
import { renderLead } from './lead-route';

/**
 * Asking a lead for payment from their page (`POST /desk/leads/:kind/:id/payment-request`) and cancelling a request
 * (`…/payment-request/:requestId/cancel`). Each answers 303 back to the page; a refusal shows the form again with
 * the message by its field and changes nothing.
 */
export const paymentRequests = new Hono<DeskEnv>();

const RequestParams = LeadParams.extend({ requestId: z.string().regex(/^[A-Za-z0-9_-]{16,32}$/, 'Unknown request.') });

/** The tool's field names the form knows; any other refusal is shown by the amount. */
const TOOL_FIELDS: Record<string, FieldName> = {
  amount: 'amount',
  first_min_partial_amount: 'deposit',
  description: 'description',
};

/** The provider when payments are set up and usable; otherwise 404 (the page offered no form). */
function usableProvider(c: Context<DeskEnv>) {
  const provider = getPaymentProvider(c.env);
  if (!provider) throw new ApiException(404, 'not_found', copy.lead.notFound);
  return provider;
}

paymentRequests.post('/leads/:kind/:id/payment-request', async (c) => {
  const { kind, id } = parse(LeadParams, c.req.param());
  const provider = usableProvider(c);
  const lead = await getLeadStore(c.env).get(kind, id);
  if (!lead) throw new ApiException(404, 'not_found', copy.lead.notFound);
  const config = readConfig(c.env).payments;
  const fields = (await readRequestBody(c)).fields;
  const programs = await offeredPrograms(c);
  const read = readRequestForm(fields, { programs, gst: Boolean(config.issuer.gst) });
  if (!read.ok) return renderLead(c, lead, undefined, 400, undefined, read.state);
  const asked = await askForPayment(getPaymentStore(c.env), provider, {
    ...read.value,
    lead: { kind, id, ...(lead.kind !== 'newsletter' && lead.bookingRef && { bookingRef: lead.bookingRef }) },
    by: c.var.owner.email,
    linkDays: config.linkDays,
    now: new Date(),
  });
  if (!asked.ok) {
    const field = (asked.field && TOOL_FIELDS[asked.field]) ?? 'amount';
    const message = asked.kind === 'refused' ? words.errors.refused(asked.message) : words.errors.unreachable;
    logEvent('warn', 'desk.action', { action: 'payment link refused', kind: asked.kind });
    const values = Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, String(v)]));
    return renderLead(c, lead, undefined, 400, undefined, { values, errors: { [field]: message } });
  }
  if (asked.made) {
    const { request } = asked;
    logEvent('info', 'desk.action', { action: 'payment requested' });
    const what = programs.find((p) => p.slug === request.program)?.title ?? request.description;
    await sendPaymentRequest(c.env, lead, request, { amount: rupees(request.amountPaise), what }, c.var.owner.email);
    // And by email to the address the lead gave, from the queue (the job reads the request and the lead again).
    if (contactOf(lead).email) await enqueue(c.env, { type: 'payment-request-email', requestId: request.id });
  }
  return c.redirect(leadPath(kind, id), 303);
});

paymentRequests.post('/leads/:kind/:id/payment-request/:requestId/cancel', async (c) => {
  const { kind, id, requestId } = parse(RequestParams, c.req.param());
  const provider = usableProvider(c);
  const store = getPaymentStore(c.env);
  const request = await store.getRequest(requestId);
  if (!request || request.lead.kind !== kind || request.lead.id !== id) {
    throw new ApiException(404, 'not_found', copy.lead.notFound);
  }
  // Only a link still open is cancelled; a second tap finds it cancelled and changes nothing.
  if (request.linkId && (request.status === 'created' || request.status === 'partially_paid')) {
    try {
      const link = await provider.cancelLink(request.linkId);
      // The tool may answer that it was paid meanwhile: the webhook records that, the desk marks no cancel.
      if (link.status === 'cancelled') {
        await store.putRequest({ ...request, status: 'cancelled', cancelledBy: c.var.owner.email });
        logEvent('info', 'desk.action', { action: 'payment request cancelled' });
      }
    } catch (error) {
      if (!(error instanceof PaymentProviderError)) throw error;
      throw new ApiException(409, 'not_cancelled', words.cancelFailed(error.message));
    }
  }
  return c.redirect(leadPath(kind, id), 303);
});

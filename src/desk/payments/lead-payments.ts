import type { Context } from 'hono';
import { readConfig } from '../../env';
import type { LeadRecord } from '../../store/leads/listing';
import { getPaymentStore } from '../../store/payments/open';
import type { RefundRecord } from '../../store/payments/payments';
import { publishedContent } from '../../store/site-content/published-content';
import { leadPath, type DeskEnv } from '../page';
import type { LeadPaymentsView, OfferedProgram } from './request-card';
import type { RequestFormState } from './request-form';

/** The published programs a request may name, with their prices. */
export async function offeredPrograms(c: Context<DeskEnv>): Promise<OfferedProgram[]> {
  const { content } = await publishedContent(c.env.FEEDS);
  return content.programs.map((p) => ({ slug: p.slug, title: p.title, ...(p.price && { price: p.price }) }));
}

/**
 * What a lead's page shows about payments, or null when payments are off (PAYMENT_PROVIDER empty: the page as
 * before). A provider set but not usable shows why, and the requests already made, without the form.
 */
export async function leadPaymentsView(
  c: Context<DeskEnv>,
  lead: LeadRecord,
  state?: RequestFormState,
): Promise<LeadPaymentsView | null> {
  const { provider, issuer } = readConfig(c.env).payments;
  if (!provider) return null;
  const store = getPaymentStore(c.env);
  const ref = { kind: lead.kind, id: lead.id };
  const [requests, payments, programs] = await Promise.all([
    store.requestsForLead(ref),
    store.paymentsForLead(ref),
    offeredPrograms(c),
  ]);
  const refunds: Record<string, RefundRecord[]> = {};
  for (const p of payments) refunds[p.providerPaymentId] = await store.refundsOf(p.providerPaymentId);
  return {
    base: leadPath(lead.kind, lead.id),
    ...(!provider.ok && { notSetUp: provider.reason }),
    requests,
    payments,
    refunds,
    programs,
    ...(issuer.gst && { gstState: issuer.gst.state }),
    formId: newFormId(),
    ...(state && { state }),
  };
}

/** A form's own id: 128 random bits as hex (each render of the page gets a new one). */
export const newFormId = () =>
  Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');

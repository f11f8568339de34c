import { deskPayments as copy } from '../../words/payments/desk-payments';
import { GST_STATES } from '../../words/payments/gst-states';
import { paiseOf } from './money';

/** The most one link asks for: ₹10,00,000. */
export const MAX_PAISE = 100_000_000;
const MAX_DESCRIPTION = 200;
/** The form's own id, made at each render: a second post of the same form makes no second link. */
/** A form's one-time id (newFormId): what makes a second post of the same form change nothing. */
export const FORM_ID = /^[A-Za-z0-9_-]{16,64}$/;

/** The request form's field names, as posted. */
export const FIELDS = ['formId', 'program', 'amount', 'description', 'deposit', 'buyer_state'] as const;
export type FieldName = (typeof FIELDS)[number];

export interface RequestInput {
  formId: string;
  program?: string;
  amountPaise: number;
  depositPaise?: number;
  description: string;
  buyerState?: string;
}

/** What the form shows again after a refused post: what was typed, and each message by its field. */
export interface RequestFormState {
  values: Partial<Record<FieldName, string>>;
  errors: Partial<Record<FieldName, string>>;
}

/**
 * The posted form read against what the page offered (the published programs, the GST state when GSTIN is set):
 * the request, or each problem by its field. Nothing is stored on a refusal.
 */
export function readRequestForm(
  fields: Record<string, unknown>,
  offer: { programs: readonly { slug: string; price?: number }[]; gst: boolean },
): { ok: true; value: RequestInput } | { ok: false; state: RequestFormState } {
  const values: RequestFormState['values'] = {};
  for (const name of FIELDS) {
    const raw = fields[name];
    if (typeof raw === 'string') values[name] = raw;
  }
  const errors: RequestFormState['errors'] = {};
  const formId = values.formId ?? '';
  if (!FORM_ID.test(formId)) errors.formId = copy.errors.form;
  const program = (values.program ?? '').trim();
  const chosen = offer.programs.find((p) => p.slug === program);
  if (program !== '' && !chosen) errors.program = copy.errors.program;
  // An amount left empty is the chosen program's price (the form works without JavaScript).
  const amountTyped = (values.amount ?? '').trim();
  const amountPaise = amountTyped === '' && chosen?.price ? chosen.price * 100 : paiseOf(amountTyped);
  if (amountPaise === null || amountPaise < 100 || amountPaise > MAX_PAISE) errors.amount = copy.errors.amount;
  const description = (values.description ?? '').trim();
  if (description === '' || description.length > MAX_DESCRIPTION || /[\r\n]/.test(description)) {
    errors.description = copy.errors.description;
  }
  const depositTyped = (values.deposit ?? '').trim();
  const depositPaise = depositTyped === '' ? undefined : paiseOf(depositTyped);
  if (
    depositPaise === null ||
    (depositPaise !== undefined && (depositPaise < 100 || depositPaise >= (amountPaise ?? 0)))
  ) {
    errors.deposit = copy.errors.deposit;
  }
  const buyerState = offer.gst ? (values.buyer_state ?? '') : undefined;
  if (buyerState !== undefined && !Object.hasOwn(GST_STATES, buyerState)) errors.buyer_state = copy.errors.buyerState;
  if (Object.keys(errors).length > 0 || amountPaise === null || depositPaise === null) {
    return { ok: false, state: { values, errors } };
  }
  return {
    ok: true,
    value: {
      formId,
      ...(program !== '' && { program }),
      amountPaise,
      ...(depositPaise !== undefined && { depositPaise }),
      description,
      ...(buyerState !== undefined && { buyerState }),
    },
  };
}

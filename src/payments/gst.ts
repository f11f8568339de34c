import type { ReceiptIssuer } from '../config/services/payments';

/** GST on commercial training and coaching (SAC 999293). */
export const GST_RATE_PERCENT = 18;
export const COACHING_SAC = '999293';

/** What a receipt says about tax: the taxable value plus the taxes equal the amount paid, to the paisa. */
export interface GstSplit {
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
}

/**
 * The tax inside an amount paid. The price the owners ask is what the person pays, so with a GSTIN the 18 % is
 * inside it: taxable = round(amount / 1.18), tax = the rest. A buyer in the supplier's state (or one whose state was
 * not asked) pays CGST and SGST in halves, the odd paisa going to SGST so the halves still add up; a buyer in
 * another state pays IGST. Without a GSTIN the business charges no GST and the whole amount is the value.
 */
export function gstSplit(amountPaise: number, gst: ReceiptIssuer['gst'], buyerState?: string): GstSplit {
  if (!gst) return { taxablePaise: amountPaise, cgstPaise: 0, sgstPaise: 0, igstPaise: 0 };
  // Integer arithmetic: amount × 100 / 118, rounded half up, never a float's 0.1 error.
  const taxablePaise = Math.floor((amountPaise * 100 * 2 + (100 + GST_RATE_PERCENT)) / ((100 + GST_RATE_PERCENT) * 2));
  const tax = amountPaise - taxablePaise;
  if (buyerState !== undefined && buyerState !== gst.state) {
    return { taxablePaise, cgstPaise: 0, sgstPaise: 0, igstPaise: tax };
  }
  const cgstPaise = Math.floor(tax / 2);
  return { taxablePaise, cgstPaise, sgstPaise: tax - cgstPaise, igstPaise: 0 };
}

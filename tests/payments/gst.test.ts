import { describe, expect, it } from 'vitest';
import { gstSplit } from '../../src/payments/gst';
import { financialYear } from '../../src/payments/receipt-year';

const gst = { gstin: '29ABCDE1234F1Z5', state: '29' };

describe('GST inside the amount paid', () => {
  it('splits ₹4,999 for a buyer in the same state into CGST and SGST halves, the odd paisa to SGST', () => {
    // 499900 / 1.18 = 423644.07… → 423644; tax 76256, halves 38128 each.
    expect(gstSplit(499900, gst, '29')).toEqual({
      taxablePaise: 423644,
      cgstPaise: 38128,
      sgstPaise: 38128,
      igstPaise: 0,
    });
    // 100003 / 1.18 = 84748.3… → 84748; tax 15255 is odd: the odd paisa goes to SGST.
    expect(gstSplit(100003, gst, '29')).toEqual({
      taxablePaise: 84748,
      cgstPaise: 7627,
      sgstPaise: 7628,
      igstPaise: 0,
    });
  });

  it('treats a buyer whose state was not asked as in the supplier’s state', () => {
    expect(gstSplit(118000, gst)).toEqual({ taxablePaise: 100000, cgstPaise: 9000, sgstPaise: 9000, igstPaise: 0 });
  });

  it('charges IGST on the whole tax for a buyer in another state', () => {
    expect(gstSplit(499900, gst, '27')).toEqual({ taxablePaise: 423644, cgstPaise: 0, sgstPaise: 0, igstPaise: 76256 });
  });

  it('rounds the taxable value half up and always adds back to the amount paid', () => {
    // 59 / 1.18 = 50 exactly; 177 / 1.18 = 150; 1 paisa: 0.847… → 1, no tax.
    expect(gstSplit(59, gst, '29').taxablePaise).toBe(50);
    expect(gstSplit(1, gst, '29')).toEqual({ taxablePaise: 1, cgstPaise: 0, sgstPaise: 0, igstPaise: 0 });
    for (const amount of [100, 101, 999, 12345, 500000, 9999999]) {
      for (const state of ['29', '07']) {
        const s = gstSplit(amount, gst, state);
        expect(s.taxablePaise + s.cgstPaise + s.sgstPaise + s.igstPaise).toBe(amount);
        expect(Math.abs(s.taxablePaise - amount / 1.18)).toBeLessThanOrEqual(0.5);
      }
    }
  });

  it('charges no tax without a GSTIN: the whole amount is the value', () => {
    expect(gstSplit(499900, undefined, '27')).toEqual({
      taxablePaise: 499900,
      cgstPaise: 0,
      sgstPaise: 0,
      igstPaise: 0,
    });
  });
});

describe('the Indian financial year of a payment', () => {
  it('runs from 1 April to 31 March by the date in India', () => {
    expect(financialYear('2026-04-01T00:00:00+05:30')).toBe('2026-27');
    expect(financialYear('2027-03-31T23:59:59+05:30')).toBe('2026-27');
    expect(financialYear('2027-04-01T00:00:00+05:30')).toBe('2027-28');
    expect(financialYear(new Date('2026-11-28T12:00:00Z'))).toBe('2026-27');
    expect(financialYear('2026-02-10T08:00:00Z')).toBe('2025-26');
    expect(financialYear('2099-06-01T00:00:00Z')).toBe('2099-00');
  });

  it('keeps 31 March 23:00 IST (17:30 UTC) in the old year and 1 April 00:30 IST (31 March UTC) in the new', () => {
    expect(financialYear('2027-03-31T17:30:00Z')).toBe('2026-27');
    expect(financialYear('2027-03-31T19:00:00Z')).toBe('2027-28');
  });

  it('refuses what is not a time', () => {
    expect(() => financialYear('soon')).toThrow('financialYear: not a time: soon');
  });
});

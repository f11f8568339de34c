const whole = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', minimumFractionDigits: 0 });
const withPaise = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', minimumFractionDigits: 2 });

/** Paise as the owners read rupees, with Indian grouping: ₹4,999, ₹1,25,000, or ₹4,999.50 when there are paise. */
export function rupees(paise: number): string {
  return paise % 100 === 0 ? whole.format(paise / 100) : withPaise.format(paise / 100);
}

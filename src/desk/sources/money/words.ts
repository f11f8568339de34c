/** What the desk says of money on Sources and Numbers: revenue per source, per program, and the 30 days' totals. */
export const deskRevenue = {
  /** The Sources table's column and the CSV's (rupees with two decimals, so a spreadsheet sums it). */
  column: 'Revenue',
  csvHeader: 'revenue (INR)',
  tableNote:
    'Revenue is money paid in the period less refunds made in it, by the day the money moved, under the source of the lead who paid (whenever that lead arrived). Payments of people since erased are a row of their own.',
  /** The row of money whose lead was erased (its source is no longer known). */
  erasedRow: 'People since erased',
  programs: {
    title: 'Revenue per program',
    /** The name of the table's box (it scrolls sideways on a narrow screen). */
    box: 'Table of revenue per program',
    intro: 'Paid in the period, less refunds made in it, by the program each payment was asked for.',
    /** The table's columns, in their order: revenue first, what a phone shows without scrolling the table's box. */
    columns: { program: 'Program', revenue: 'Revenue', paid: 'Paid', refunded: 'Refunded', payments: 'Payments' },
    none: 'No payment in this period.',
    noProgram: 'No program named',
  },
  numbers: {
    heading: 'Money, last 30 days',
    revenue: 'Revenue',
    revenueHint: 'paid, less refunds made in the 30 days',
    payingClients: 'Paying clients',
    payingClientsHint: 'people who paid in the 30 days',
  },
} as const;

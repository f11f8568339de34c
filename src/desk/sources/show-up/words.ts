/** What the desk says of show-up on Sources and Numbers: calls attended, no-shows and the show-up rate. */
export const deskShowUp = {
  /** The Sources table's columns (and the phone's card labels). */
  columns: { attended: 'Attended', noShows: 'No-shows', rate: 'Show-up rate' },
  csvHeaders: { attended: 'calls attended', noShows: 'no-shows', rate: 'show-up rate (%)' },
  /** A rate as a whole percent; "—" when no call was marked. */
  rate: (percent: number | null) => (percent === null ? '—' : `${percent}\u00a0%`),
  noRateLabel: 'no rate: no call was marked attended or no-show',
  tableNote:
    'Attended and no-shows count the calls that started in the period, as the owners marked them after the call, under the source of the lead who booked (whenever that lead arrived). The show-up rate is attended out of the calls marked; calls not marked are not in it.',
  numbers: {
    attended: 'Calls attended',
    attendedHint: 'calls in the 30 days marked Attended',
    noShows: 'No-shows',
    noShowsHint: 'calls in the 30 days marked No-show',
    rate: 'Show-up rate',
    rateHint: 'attended out of the calls marked',
  },
} as const;

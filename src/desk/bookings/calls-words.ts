/** What `/desk/bookings` says about the calls: today's, upcoming, past with how they ended, cancelled. */
export const deskCalls = {
  title: 'Bookings and calls',
  /** Under the title: the time zone every time on the page is in (its long name, e.g. India Standard Time). */
  times: (zone: string) => `Times are ${zone}.`,
  waiting: {
    title: 'Waiting to be linked',
    none: 'None waiting: every booking is linked to a lead.',
  },
  groups: {
    today: { title: 'Today', none: 'No calls today.' },
    upcoming: { title: 'Upcoming', none: 'No calls booked after today.' },
    past: { title: 'Past calls', none: 'No calls in the last 90 days.' },
    cancelled: { title: 'Cancelled or moved', none: 'No upcoming call was cancelled or moved.' },
  },
  /** The number of calls beside a group's title. */
  count: (n: number) => (n === 1 ? '1 call' : `${n} calls`),
  /** A call whose booking no lead was found for: it links to the list of bookings waiting above. */
  notLinked: 'Not linked to a lead yet: link it above',
  /** How a call ended up, from the booking tool's own messages. */
  outcome: {
    kept: 'Took place as booked (not cancelled or moved)',
    moved: (to: string) => `Moved to ${to}`,
    cancelled: (at: string) => (at ? `Cancelled ${at}` : 'Cancelled'),
    unknown: 'Moved (the new time was not sent)',
  },
} as const;

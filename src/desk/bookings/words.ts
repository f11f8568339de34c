import { site } from '../../words/site';

/** What the desk says about booked calls: the inbox's upcoming calls, a lead's calls, the unlinked bookings. */
export const deskBookings = {
  nav: 'Bookings',
  providers: { calcom: 'Cal.com', calendly: 'Calendly' } as Record<string, string>,
  /** A booking's state now. */
  statuses: { booked: 'Booked', moved: 'Moved', cancelled: 'Cancelled' } as Record<string, string>,
  /** One step of a booking's history, with when the tool made it. */
  events: {
    created: (at: string, start: string) => `Booked ${at}, for ${start}`,
    rescheduled: (at: string, start: string) => `Moved ${at}, to ${start}`,
    cancelled: (at: string, _start: string) => `Cancelled ${at}`,
  },
  /** The program a booking link named: its title, or the slug as sent when the site has no such program. */
  program: (slug: string | undefined) =>
    slug ? (site.programs.cards.find((card) => card.slug === slug)?.title ?? slug) : '',
  noProgram: 'No program named',
  noName: 'Someone',
  /** Before the attendee's name and address as typed on the booking tool's page (anyone can type any). */
  asTyped: (tool: string) => `Booked on ${tool} as`,
  upcoming: {
    title: 'Upcoming calls',
    today: 'Calls today',
    week: 'Next 7 days',
    unlinked: 'Not linked to a lead',
  },
  lead: {
    title: 'Calls',
    booked: (at: string) => `Call booked: ${at}`,
    cancelledBack: (at: string, status: string) => `Call cancelled ${at}; status back to ${status}`,
    call: (start: string) => `Call ${start}`,
    with: (tool: string) => `Booked with ${tool}`,
    linkedBy: (by: string, at: string) =>
      by === 'ref'
        ? `Matched by the booking link’s reference, ${at}`
        : by === 'email'
          ? `Matched by the attendee’s email, ${at}`
          : `Linked by ${by}, ${at}`,
    history: 'History',
  },
  unlinked: {
    title: 'Bookings not linked to a lead',
    intro:
      'These calls were booked without the link the site gives after a quiz or an enquiry, so the site cannot tell whose they are. Anyone can book with any name and email, so a booking waits here, changes no lead and sends no alert of its own until you link it. Check the name and email as typed against the lead before you link.',
    none: 'None. Every booking is linked to a lead.',
    candidates: 'Leads with this email or name (none chosen)',
    sameAddress: 'same email',
    sameName: 'same name only',
    unverified: 'form not verified',
    noCandidates:
      'No quiz response or enquiry has this email or name. Search the inbox for them; a booking with no lead can stay here.',
    arrived: (at: string) => `arrived ${at}`,
    link: 'Link to this lead',
    received: (at: string) => `Received ${at}`,
  },
  errors: {
    booking: 'This booking is not one the desk listed. Open Bookings again.',
    lead: 'Choose the lead this booking belongs to.',
    noBooking: 'This booking is no longer here (erased, or linked by the other owner). Nothing was changed.',
    noLead: 'That lead is no longer here. Nothing was changed.',
    alreadyLinked: 'This booking is already linked to a lead. Nothing was changed.',
  },
  numbers: {
    title: 'Calls and clients, last 30 days',
    calls: 'Calls booked',
    callsHint: 'Each booking once, a moved call not counted again.',
    clients: 'New clients',
    clientsHint: 'Leads whose status was set to Client in the last 30 days.',
  },
} as const;

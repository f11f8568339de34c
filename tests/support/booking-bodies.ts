/**
 * The booking tools' deliveries as they post them: realistic bodies (field names from Cal.com's booking payload and
 * Calendly's invitee resource). Web APIs only, so the workerd tests and the e2e journeys both import it.
 */

/** A call two days from now, on the hour, 30 minutes long. */
function defaultCall(): { start: string; end: string } {
  const start = new Date(Math.ceil(Date.now() / 3_600_000) * 3_600_000 + 2 * 86_400_000);
  return { start: start.toISOString(), end: new Date(start.getTime() + 30 * 60_000).toISOString() };
}

const token = () => crypto.randomUUID().replace(/-/g, '').slice(0, 22);

/** What a test may set in either tool's body. */
interface CallOver {
  /** The tool's name of the event (a Cal.com trigger, a Calendly event). */
  event?: string;
  start?: string;
  end?: string;
  name?: string;
  email?: string;
  /** The lead's reference the link carried. */
  ref?: string;
  program?: string;
  /** When the tool made the event. */
  createdAt?: string;
}

export interface CalcomOver extends CallOver {
  uid?: string;
  /** BOOKING_RESCHEDULED: the old booking's uid. */
  rescheduleUid?: string;
}

/** A Cal.com delivery: BOOKING_CREATED unless `event` says otherwise (rescheduled and cancelled get their fields). */
export function calcomBody(over: CalcomOver = {}) {
  const call = defaultCall();
  const { event = 'BOOKING_CREATED', uid = token(), start = call.start, end = call.end } = over;
  const { name = 'Asha Rao', email = 'asha.rao@example.com', createdAt = new Date().toISOString() } = over;
  const metadata = {
    videoCallUrl: 'https://app.cal.com/video/abc',
    ...(over.ref !== undefined && { ref: over.ref }),
    ...(over.program !== undefined && { program: over.program }),
  };
  const timeZone = 'Asia/Kolkata';
  return {
    triggerEvent: event,
    createdAt,
    payload: {
      type: '30min',
      title: `30 min call between Coach and ${name}`,
      description: '',
      additionalNotes: '',
      customInputs: {},
      startTime: start,
      endTime: end,
      organizer: {
        id: 5,
        name: 'Coach',
        email: 'coach@example.com',
        username: 'coach',
        timeZone,
        language: { locale: 'en' },
        timeFormat: 'h:mma',
        utcOffset: 330,
      },
      responses: {
        name: { label: 'your_name', value: name },
        email: { label: 'email_address', value: email },
        location: { label: 'location', value: { optionValue: '', value: 'integrations:daily' } },
        notes: { label: 'additional_notes' },
        guests: { label: 'additional_guests', value: [] },
      },
      userFieldsResponses: {},
      attendees: [{ email, name, timeZone, language: { locale: 'en' }, utcOffset: 330 }],
      location: 'integrations:daily',
      eventTypeId: 7,
      uid,
      bookingId: Math.floor(Math.random() * 1e6),
      eventTitle: '30 min call',
      eventDescription: '',
      price: 0,
      currency: 'usd',
      length: 30,
      metadata,
      status: event === 'BOOKING_CANCELLED' ? 'CANCELLED' : 'ACCEPTED',
      ...(event === 'BOOKING_RESCHEDULED' && {
        rescheduleId: 90,
        rescheduleUid: over.rescheduleUid ?? token(),
        rescheduleStartTime: start,
        rescheduleEndTime: end,
        rescheduledBy: email,
      }),
      ...(event === 'BOOKING_CANCELLED' && {
        cancelledBy: email,
        cancellationReason: 'Something came up',
        requestReschedule: false,
      }),
    },
  };
}

export interface CalendlyOver extends CallOver {
  uri?: string;
  /** invitee.created of a reschedule: the old invitee's URI. */
  old_invitee?: string;
  /** invitee.canceled of a reschedule: the new invitee's URI. */
  new_invitee?: string;
  rescheduled?: boolean;
}

/** A Calendly invitee's URI (the booking id). */
export function calendlyInvitee(): string {
  return `https://api.calendly.com/scheduled_events/${token()}/invitees/${token()}`;
}

/** A Calendly delivery: invitee.created unless `event` says otherwise (invitee.canceled gets its cancellation). */
export function calendlyBody(over: CalendlyOver = {}) {
  const call = defaultCall();
  const { event = 'invitee.created', uri = calendlyInvitee(), start = call.start, end = call.end } = over;
  const { name = 'Asha Rao', email = 'asha.rao@example.com', createdAt = new Date().toISOString() } = over;
  const canceled = event === 'invitee.canceled';
  const scheduledEvent = uri.slice(0, uri.indexOf('/invitees/'));
  return {
    created_at: createdAt,
    created_by: 'https://api.calendly.com/users/AAAAAAAAAAAAAAAA',
    event,
    payload: {
      cancel_url: 'https://calendly.com/cancellations/AAAAAAAAAAAAAAAA',
      created_at: createdAt,
      email,
      event: scheduledEvent,
      name,
      first_name: null,
      last_name: null,
      new_invitee: over.new_invitee ?? null,
      old_invitee: over.old_invitee ?? null,
      questions_and_answers: [],
      reschedule_url: 'https://calendly.com/reschedulings/AAAAAAAAAAAAAAAA',
      rescheduled: over.rescheduled ?? false,
      status: canceled ? 'canceled' : 'active',
      text_reminder_number: null,
      timezone: 'Asia/Kolkata',
      tracking: {
        utm_campaign: null,
        utm_source: null,
        utm_medium: null,
        utm_content: over.ref ?? null,
        utm_term: over.program ?? null,
        salesforce_uuid: null,
      },
      updated_at: createdAt,
      uri,
      scheduled_event: {
        uri: scheduledEvent,
        name: '30 Minute Call',
        status: canceled ? 'canceled' : 'active',
        start_time: start,
        end_time: end,
        event_type: 'https://api.calendly.com/event_types/AAAAAAAAAAAAAAAA',
        location: { type: 'google_conference', status: 'pushed', join_url: 'https://meet.google.com/abc' },
        invitees_counter: { total: 1, active: canceled ? 0 : 1, limit: 1 },
        created_at: createdAt,
        updated_at: createdAt,
        event_memberships: [{ user: 'https://api.calendly.com/users/AAAAAAAAAAAAAAAA' }],
        event_guests: [],
      },
      routing_form_submission: null,
      payment: null,
      no_show: null,
      reconfirmation: null,
      ...(canceled && {
        cancellation: { canceled_by: name, reason: 'Something came up', canceler_type: 'invitee' },
      }),
    },
  };
}

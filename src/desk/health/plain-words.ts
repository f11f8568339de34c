/**
 * The self-check in the owners' words on /desk/health: what each part of the site does, whether it works, and when
 * it does not, what to do and who to ask. The developer's words (settings, services) are under "Details".
 */
export interface PlainCheck {
  /** When it works. */
  working: string;
  /** When it does not: what that means for the owners. */
  failing: string;
  /** What the owners do meanwhile. */
  todo: string;
  /** When it is not in use (a tool not connected). */
  off?: string;
}

const DEVELOPER = 'Ask the developer, and send them the details below.';

export const healthPlain = {
  states: { ok: 'Working', failing: 'Not working', unchecked: 'Not checked yet', off: 'Not in use' },
  /** The line under the time of the last check. */
  allOk: 'Everything checked is working.',
  failingCount: (n: number) => (n === 1 ? '1 thing needs attention.' : `${n} things need attention.`),
  uncheckedCount: (n: number) => (n === 1 ? '1 was not checked.' : `${n} were not checked.`),
  unchecked:
    'Not checked: this part is not set up on this copy of the site (a developer’s copy), so there was nothing to check.',
  whatToDo: 'What to do:',
  whoToAsk: 'Who to ask:',
  ask: DEVELOPER,
  details: 'Details for the developer',
  checkName: (name: string) => `Check: ${name}`,
  checks: {
    whatsapp: {
      working: 'WhatsApp messages go out: your alerts of new leads and visitors’ confirmations.',
      failing:
        'WhatsApp messages are not going out: you get no WhatsApp alert of a new lead and visitors get no confirmation. New leads still arrive here.',
      todo: 'Check the inbox on the desk for new leads until it works again.',
    },
    templates: {
      working: 'Meta has approved every message the site sends on WhatsApp.',
      failing:
        'Meta has not approved one of the messages the site sends on WhatsApp (or withdrew it): that message does not go out.',
      todo: 'Check the inbox on the desk for new leads. Meta’s review can take a day.',
    },
    store: {
      working: 'New leads are saved the moment they arrive.',
      failing:
        'Leads cannot be saved right now. Nothing is lost: they wait and are saved as soon as it works again, but they are not on the desk until then.',
      todo: 'Nothing to do meanwhile.',
    },
    feeds: {
      working: 'The latest videos and podcast episodes are shown on the site.',
      failing: 'The site could not fetch the latest videos: it shows the ones it already had.',
      todo: 'Nothing to do meanwhile.',
    },
    media: {
      working: 'Photos, voice notes and files visitors send on WhatsApp are kept for you.',
      failing: 'Photos, voice notes and files visitors send on WhatsApp cannot be kept: they do not show on the desk.',
      todo: 'Ask the visitor to send it again once it works.',
    },
    deliveries: {
      working: 'Every alert and message of the last day went out.',
      failing: 'Some alerts or messages of the last day did not go out, or a lead could not be saved.',
      todo: 'Open the inbox: send the failed messages again, and call or email anyone who could not be saved.',
    },
    visitors: {
      working: 'Visitors get their WhatsApp confirmation.',
      failing:
        'Some visitors got no WhatsApp confirmation today (the day’s limit was reached, or the spam check could not be reached). You were still told of each lead.',
      todo: 'Answer those leads yourself from the desk. It starts again tomorrow.',
    },
    retention: {
      working: 'Old data is deleted when the privacy notice says it will be.',
      failing: 'Some old data is kept longer than the privacy notice says: it was not deleted on time.',
      todo: 'Nothing to do yourself.',
    },
    newsletter: {
      working: 'Newsletter sign-ups, unsubscribes and erasures reach the newsletter tool.',
      failing: 'The newsletter tool refused some sign-ups, unsubscribes or erasures.',
      todo: 'Open each subscriber on the desk once it is fixed and press “Send again”; erase by hand anyone the People page names.',
      off: 'No newsletter tool is connected: sign-ups stay on the desk.',
    },
    privacy: {
      working: 'You can erase a person when they ask, and WhatsApp messages are filed safely.',
      failing: 'No one can be erased right now, and visitors’ WhatsApp messages wait at Meta until it works.',
      todo: 'Tell anyone who asked to be erased that it will be done shortly.',
    },
    bookings: {
      working: 'Calls booked, moved or cancelled come back to the desk.',
      failing: 'Calls booked do not come back to the desk.',
      todo: 'Check the booking tool for new calls.',
      off: 'Calls booked on the booking tool do not come back to the desk: it is not connected.',
    },
  } as Record<string, PlainCheck>,
  /** A check this page has no words for. */
  unknown: {
    working: 'Working.',
    failing: 'Something is not working.',
    todo: 'Nothing to do meanwhile.',
  } as PlainCheck,
};

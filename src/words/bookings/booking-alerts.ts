/** The words of the owners' alerts of a booked or cancelled call. */
export const bookingAlerts = {
  /** Stands in for an attendee's name that is empty or fails the site's name rule (it may be a link). */
  someone: 'someone',
};

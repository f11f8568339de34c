/** What the unsubscribe pages say (/unsubscribe?t=…, the link in every letter). */
export const unsubscribe = {
  title: 'Unsubscribe',
  description: 'Stop the newsletter from Priya Raman.',
  confirm: {
    heading: 'Stop the newsletter?',
    text: 'You will get no more letters. One tap below is all it takes; nothing else is asked of you.',
    button: 'Unsubscribe',
  },
  done: {
    heading: 'You are unsubscribed',
    text: (when: string) => `No more letters will come to you. Unsubscribed on ${when}.`,
    resubscribe:
      'Changed your mind? Sign up again on the home page: that counts as a new sign-up, and you will be asked to confirm it.',
  },
  invalid: {
    heading: 'This link does not work',
    text: 'It is not a complete unsubscribe link from this site, so nothing was changed. Open the link from the letter again, or copy the whole of it.',
  },
  stale: {
    heading: 'Nothing to unsubscribe',
    text: 'No sign-up is held for this link any more (it may have been deleted on request), so nothing was changed and no letters go to it.',
  },
  unavailable: {
    heading: 'Please try again in a few minutes',
    text: 'The site could not look up your sign-up just now, so nothing was changed yet.',
  },
  help: 'Still getting letters, or want your details deleted? Use the Contact button at the foot of the page.',
  backHome: 'Back to the home page',
};

/**
 * What a visitor reads once they asked for a free guide (issue 59): the two emails (the confirmation, then the
 * download link) and the pages their links open (/guides/confirm?t=…, /guides/<token>).
 */
export const guideDelivery = {
  /** The API's field error when the slug names no guide offered now. */
  notOffered: 'This guide is no longer offered.',
  confirmEmail: {
    subject: (title: string) => `Confirm your address for “${title}”`,
    text: (title: string, link: string, signature: string) =>
      [
        'Hello,',
        '',
        `You asked for the free guide “${title}”. Open this link to confirm your address, and the guide is yours:`,
        '',
        link,
        '',
        'The link works for 7 days. Confirming also signs you up for the newsletter; every letter has a link to stop it.',
        'If you did not ask for this guide, ignore this email: nothing more will come.',
        '',
        signature,
      ].join('\n'),
  },
  linkEmail: {
    subject: (title: string) => `Your guide: “${title}”`,
    text: (title: string, link: string, signature: string) =>
      [
        'Hello,',
        '',
        `Thank you for confirming. Here is “${title}” (a PDF):`,
        '',
        link,
        '',
        'The link works for 7 days. If it has run out, ask for the guide again on the home page.',
        '',
        signature,
      ].join('\n'),
  },
  pages: {
    title: 'Your free guide',
    description: 'Confirm your address and download the guide.',
    backHome: 'Back to the home page',
    confirm: {
      heading: (title: string) => `Get “${title}”`,
      text: 'One tap confirms that this address is yours, and the download link appears here (and comes by email).',
      button: 'Confirm and get the guide',
    },
    ready: {
      heading: 'Your guide is ready',
      text: (title: string) =>
        `Thank you for confirming. “${title}” is yours to download; the link also came by email.`,
      button: 'Download the guide (PDF)',
      expires: (when: string) => `This link works until ${when}.`,
    },
    expired: {
      heading: 'This link has expired',
      text: 'Links to the guides work for 7 days. Ask for the guide again on the home page, and a fresh link will come by email.',
    },
    invalid: {
      heading: 'This link does not work',
      text: 'It is not a complete link from this site. Open the link from the email again, or copy the whole of it.',
    },
    gone: {
      heading: 'This guide is no longer offered',
      text: 'The guide this link was for has been taken down. Have a look at the home page for what is offered now.',
    },
    unavailable: {
      heading: 'Please try again in a few minutes',
      text: 'The site could not look up your guide just now. Nothing was lost: the same link will work again shortly.',
    },
    askAgain: 'Ask for the guide again',
  },
};

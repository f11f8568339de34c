/** What the desk and the owners' alerts say about conversations with visitors on WhatsApp. */
export const conversation = {
  title: 'WhatsApp conversation',
  listTitle: 'Conversations',
  nav: 'Conversations',
  none: 'Nothing written yet: messages the business sends to this number and what they write back appear here.',
  noPhone: 'This lead gave no phone number, so there is no WhatsApp conversation.',
  listEmpty: 'No one has written to the business number yet.',
  listIntro:
    'Conversations waiting for an answer come first, then the latest, newest first. A number no lead has is listed as unknown.',
  unknownSender: 'Someone without a lead',
  unknownNote:
    'No lead has this number. Their messages are kept here and the hourly digest counts them; you can answer them below.',
  unknownNoteUser:
    'WhatsApp does not show this person’s number, so no lead can be theirs. Their messages are kept here and the hourly digest counts them; you can answer them below.',
  profile: (name: string) => `WhatsApp name: ${name}`,
  /** A person who shows WhatsApp no number: by their username, else as a WhatsApp user and their user id. */
  username: (name: string) => `@${name}`,
  /** How the desk names a sender's address: their number, else their username or their WhatsApp user id. */
  address: (address: string, username?: string) =>
    address.startsWith('+') ? address : username ? `@${username} (WhatsApp username)` : `WhatsApp user ${address}`,
  fromVisitor: 'They wrote',
  fromBusiness: 'You sent',
  unread: 'New',
  unreadCount: (n: number) => (n === 1 ? '1 unread reply' : `${n} unread replies`),
  unreadTitle: 'Unread replies',
  answeredBy: (who: string) => `Answered by ${who}`,
  /** A message with no text: its kind. */
  kinds: {
    image: 'Photo',
    video: 'Video',
    audio: 'Voice message',
    document: 'Document',
    sticker: 'Sticker',
    location: 'Location',
    contacts: 'Contact card',
    reaction: 'Reaction',
    unsupported: 'A message WhatsApp cannot show',
  } as Record<string, string>,
  other: (type: string) => `A ${type} message`,
  open: 'Open',
  reply: {
    heading: 'Answer on WhatsApp',
    label: 'Your answer',
    hint: (closes: string) => `Sent from the business number. You can write freely until ${closes}.`,
    send: 'Send answer',
    closed: (closed: string) =>
      `The 24-hour window closed ${closed}: WhatsApp lets the business write freely only within 24 hours of the visitor’s last message. Send a follow-up below, call them, or wait for them to write again.`,
    never: 'They have not written to the business number, so WhatsApp does not allow a free answer yet.',
    tooLong: 'Keep the answer to 1,000 characters.',
    empty: 'Write an answer first.',
    refused: (closed: string) => `Not sent: the 24-hour window to answer freely closed ${closed}. Nothing was sent.`,
    refusedNever: 'Not sent: this person has not written to the business number. Nothing was sent.',
    noPhone: 'Not sent: this lead has no phone number.',
    /** An answer whose send got no answer from WhatsApp in time: it may or may not have reached them. */
    unknown: 'May not have been sent: WhatsApp did not answer in time. Check with them, or send it again.',
    sendAgain: 'Send again',
  },
  /** The alert's second parameter when no lead has the number (such alerts only reach the digest). */
  alertUnknown: 'Someone without a lead',
  alertNoText: (kind: string) => `[${kind}]`,
} as const;

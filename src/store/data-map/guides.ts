import type { Place } from './place';

const NONE = 'no personal data';

// Where guides live (issue 59): the visitors' requests for a free guide, with their confirmation and downloads;
// what the newsletter tool reports back about an address; and the guides' files, which are the owners' own.

export const GUIDE_PLACES: readonly Place[] = [
  {
    kind: 'd1',
    name: 'guide_requests',
    firestore: 'guide_requests',
    about:
      'A request for a free guide: the address, the guide, the newsletter consent, the visit’s source, when the address was confirmed, and how often the guide was downloaded.',
    personal: ['email', 'requested_at', 'confirmed_at', 'request'],
    other: ['id', 'guide', 'source', 'downloads'],
    kept: '30 days when never confirmed; two years after it was made when confirmed (the cron)',
    pruned: true,
    copy: true,
    erasure: true,
    privacy: ['A free guide', 'the download link works for 7 days'],
  },
  {
    kind: 'd1',
    name: 'newsletter_tool_events',
    firestore: 'newsletter_tool_events',
    about:
      'What the newsletter tool (Kit or Mailchimp) reported about an address: an unsubscribe, a bounce, a complaint or a change of address, and when.',
    personal: ['email', 'occurred_at', 'received_at'],
    other: ['tool', 'event_id', 'kind'],
    kept: 'until an erasure, like the sign-up it stops: it keeps the site from writing to that address again',
    pruned: false,
    copy: true,
    erasure: true,
    privacy: ['What the newsletter tool tells us', 'bounced'],
  },
  {
    kind: 'r2',
    name: 'guides/',
    about: 'The guides’ PDF files the owners upload; served only through a confirmed request’s download link.',
    personal: [],
    kept: 'not deleted: the owners’ own files',
    pruned: false,
    copy: false,
    erasure: NONE,
    privacy: [],
  },
];

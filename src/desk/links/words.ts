/** What the desk says about the tagged links the owners share, and their QR codes. */
export const deskLinks = {
  nav: 'Links',
  title: 'Links to share',
  intro:
    'Make a link for a post, a talk, a podcast or a flyer. Visits that arrive through it are counted under its source and campaign on',
  /** The intro's last words, a link to the Sources page. */
  introLink: 'the Sources page',
  makeHeading: 'Make a link',
  sourceLabel: 'Source',
  sourceHint: 'Where the link is shared, in your words, e.g. Instagram bio, LinkedIn, podcast, newsletter.',
  mediumLabel: 'Medium (optional)',
  mediumHint: 'What kind of share it is, e.g. social, talk, email, print.',
  campaignLabel: 'Campaign (optional)',
  campaignHint: 'Which post, talk or flyer, e.g. December Retreat or TEDx Pune 2026.',
  pageLabel: 'Page',
  pageHint: 'Where the link opens.',
  make: 'Make link',
  pages: {
    home: 'Home page',
    quiz: 'Quiz',
    section: (name: string) => `Home page, ${name} section`,
  },
  made: 'Your link is ready: copy it, or download its QR code for a slide or a flyer.',
  /** After `made`, for each field whose words were made into a tag. */
  savedAs: (field: string, tag: string) => `${field} saved as ${tag}.`,
  savedAsFields: { source: 'Source', medium: 'Medium', campaign: 'Campaign' } as Record<string, string>,
  removedNote: 'The link was removed from the list. Links already shared keep working.',
  listHeading: 'Links made',
  count: (n: number, max: number) =>
    n === 1 ? `1 link. The newest ${max} are kept.` : `${n} links. The newest ${max} are kept.`,
  empty: 'No links yet. Make the first one above.',
  name: (source: string, medium: string, campaign: string) => [source, medium, campaign].filter(Boolean).join(' · '),
  linkLabel: 'Link',
  linkHint: 'Select it and copy it, or use the button.',
  copy: 'Copy link',
  copied: 'Copied',
  download: 'Download QR code (SVG)',
  downloadPng: 'Download QR code (PNG)',
  downloadHint: 'PNG opens on any phone and at any print shop; SVG stays sharp at any size.',
  remove: 'Remove',
  qrAlt: (name: string) => `QR code of the link for ${name}`,
  madeBy: (by: string, at: string) => `Made by ${by}, ${at}`,
  madeAgain: (at: string) => `last made ${at}`,
  errors: {
    sourceEmpty: 'Name the source, e.g. instagram.',
    tagTooLong: (length: number) =>
      `Too long for a link: it would make a tag of ${length} characters, and 40 is the most. Use fewer words.`,
    noTagSource: 'Use letters a–z or digits to name the source, e.g. Instagram bio.',
    noTag: 'Use letters a–z or digits, e.g. December Retreat, or leave it empty.',
    page: 'Choose one of the pages in the list.',
    gone: 'This link was removed. Nothing was changed.',
  },
} as const;

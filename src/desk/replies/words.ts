/** What the desk says about the owners' saved replies and the conversations waiting for an answer. */
export const deskReplies = {
  nav: 'Saved replies',
  title: 'Saved replies',
  intro:
    'Short answers you send often. Insert one into the reply box of a conversation, change it there if you need to, then send it.',
  empty: 'No saved replies yet. Add the first one below.',
  count: (n: number, max: number) => `${n} of ${max} saved replies.`,
  addHeading: 'Add a saved reply',
  editHeading: (title: string) => `Edit “${title}”`,
  titleLabel: 'Title',
  titleHint: 'For you only, at most 60 characters.',
  textLabel: 'Text',
  textHint: 'Plain text, at most 1,000 characters. It is sent as written.',
  add: 'Add reply',
  save: 'Save changes',
  edit: 'Edit',
  remove: 'Remove',
  cancel: 'Cancel',
  added: (by: string, at: string) => `Added by ${by}, ${at}`,
  edited: (by: string, at: string) => `last changed by ${by}, ${at}`,
  errors: {
    titleEmpty: 'Give the reply a title.',
    titleTooLong: 'Keep the title to 60 characters.',
    textEmpty: 'Write the reply’s text.',
    textTooLong: 'Keep the text to 1,000 characters.',
    full: (max: number) => `You have ${max} saved replies, the most the desk keeps. Remove one first.`,
    gone: 'This saved reply was removed. Nothing was changed.',
  },
  /** The reply box's picker. */
  insert: {
    label: 'Saved reply',
    choose: 'Choose a saved reply',
    button: 'Insert',
    manage: 'Manage saved replies',
    none: 'No saved replies yet.',
  },
  /** A conversation whose visitor's last message has gone unanswered for REPLY_DUE_HOURS. */
  waiting: (hours: number) => (hours === 1 ? 'Waiting 1 hour' : `Waiting ${hours} hours`),
  waitingBanner: (n: number) =>
    n === 1 ? '1 conversation is waiting for an answer.' : `${n} conversations are waiting for an answer.`,
} as const;

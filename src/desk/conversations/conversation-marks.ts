import type { ReceivedMessage } from '../../store/conversations/conversations';

// What each owner still has to read, and which conversations still need an answer: read from the messages, the
// owners' read marks and the conversation's "Done" on each view.

/**
 * Whether a message is unread for `owner`, given each owner's read mark of its conversation (`reads`: owner → when
 * they last opened it). A message nobody opened since it came is unread for both. One another owner opened is
 * unread for this owner until they open the conversation too. An owner with no mark of their own (a conversation
 * read before each owner had theirs) has read what was read, unless another owner has a mark: then what was read
 * may have been read by that owner only, and stays unread for this one until they open it.
 */
export function unreadFor(
  message: Pick<ReceivedMessage, 'readAt'>,
  owner: string,
  reads: ReadonlyMap<string, string> | undefined,
): boolean {
  if (!message.readAt) return true;
  const mine = reads?.get(owner);
  if (mine !== undefined) return message.readAt > mine;
  return (reads?.size ?? 0) > 0;
}

/**
 * Whether a conversation needs an answer: the visitor's message is the last one (no owner answered after it) and
 * no owner marked it done since they wrote (`doneThrough`: the time of their last message when it was marked).
 */
export function needsAnswer(lastReceivedAt: string | undefined, answeredAt?: string, doneThrough?: string): boolean {
  if (lastReceivedAt === undefined) return false;
  const answered = answeredAt !== undefined && answeredAt >= lastReceivedAt;
  const done = doneThrough !== undefined && doneThrough >= lastReceivedAt;
  return !answered && !done;
}

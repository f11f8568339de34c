import type { FollowUpStatus } from '../leads/listing';

/**
 * The owners' own state of a conversation (by its sender's address, as messages are kept): "Done" (no answer is
 * needed until the visitor writes again) and, for a person no lead has, the follow-up status and note a lead has.
 */
export interface ConversationState {
  doneAt?: string;
  doneBy?: string;
  /** The time of the visitor's last message when it was marked done: a later one needs an answer again. */
  doneThrough?: string;
  status?: FollowUpStatus;
  statusBy?: string;
  statusAt?: string;
  note?: string;
  noteBy?: string;
  noteAt?: string;
}

/** One change an owner makes: mark done, set the status, or save the note. */
export type StateChange = { by: string; at: string } & (
  { done: true; through: string } | { status: FollowUpStatus } | { note: string }
);

/**
 * The port of what each owner has read and the owners' state of each conversation (D1 locally, Firestore in
 * production): both adapters behave the same (tests/store/conversations/conversation-state.contract.test.ts).
 */
export interface ConversationStateStore {
  /** Records that `owner` has read the conversation of `address` up to `at` (a later mark is kept). */
  markRead(address: string, owner: string, at: string): Promise<void>;
  /** Until when each owner has read the conversation of `address`: owner → ISO time. */
  readsOf(address: string): Promise<Map<string, string>>;
  /** readsOf for each of these addresses (those no owner opened are left out): address → owner → ISO time. */
  readsAmong(addresses: string[]): Promise<Map<string, Map<string, string>>>;
  /** The owners' state of a conversation, or null when none was ever set. */
  state(address: string): Promise<ConversationState | null>;
  /** The states of these conversations (those with none are left out). */
  states(addresses: string[]): Promise<Map<string, ConversationState>>;
  /** Applies one change; answers the state after it. */
  change(address: string, change: StateChange): Promise<ConversationState>;
  /** Deletes the read marks and state of an address; answers how many records went. */
  erase(address: string): Promise<number>;
  /** Deletes up to `limit` read marks and states last changed before `before`; answers how many went. */
  pruneBefore(before: string, limit: number): Promise<number>;
}

/** A state with one change applied (the adapters store what this answers). */
export function applyChange(state: ConversationState | null, change: StateChange): ConversationState {
  const next: ConversationState = { ...state };
  if ('done' in change) Object.assign(next, { doneAt: change.at, doneBy: change.by, doneThrough: change.through });
  else if ('status' in change) Object.assign(next, { status: change.status, statusBy: change.by, statusAt: change.at });
  else Object.assign(next, { note: change.note, noteBy: change.by, noteAt: change.at });
  return next;
}

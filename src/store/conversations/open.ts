// The conversation stores of the database in use: ./conversations and ./conversation-state name what a store does
// and import no adapter.
import type { Env } from '../../env';
import { databaseOf } from '../database';
import { D1ConversationStore } from './conversations-d1';
import { FirestoreConversationStore } from './conversations-firestore';
import { D1ConversationStateStore } from './conversation-state-d1';
import { FirestoreConversationStateStore } from './conversation-state-firestore';
import type { ConversationStore } from './conversations';
import type { ConversationStateStore } from './conversation-state';

/** The adapter of the database in use (databaseOf: the same choice as getLeadStore). */
export function getConversationStore(env: Env): ConversationStore {
  const database = databaseOf(env);
  return database.name === 'd1'
    ? new D1ConversationStore(database.db)
    : new FirestoreConversationStore(database.settings);
}

/** The adapter of the database in use (databaseOf: the same choice as the conversation store). */
export function getConversationStateStore(env: Env): ConversationStateStore {
  const database = databaseOf(env);
  return database.name === 'd1'
    ? new D1ConversationStateStore(database.db)
    : new FirestoreConversationStateStore(database.settings);
}

// The newsletter tool's event store of the database in use: ./tool-events names what it does and imports no adapter.
import type { Env } from '../../env';
import { databaseOf } from '../database';
import { D1ToolEventStore } from './tool-events-d1';
import { FirestoreToolEventStore } from './tool-events-firestore';
import type { ToolEventStore } from './tool-events';

/** The adapter of the database in use (databaseOf: the same choice as getLeadStore). */
export function getToolEventStore(env: Env): ToolEventStore {
  const database = databaseOf(env);
  return database.name === 'd1' ? new D1ToolEventStore(database.db) : new FirestoreToolEventStore(database.settings);
}

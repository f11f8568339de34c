// The newsletter tool's event store of the database in use: ./tool-events names what it does and imports no adapter.
import type { Env } from '../../env';
import { databaseOf } from '../database';
import { D1ToolEventStore } from './tool-events-d1';
import type { ToolEventStore } from './tool-events';

/** The adapter of the database in use (databaseOf: the same choice as getLeadStore). */
export function getToolEventStore(env: Env): ToolEventStore {
  const database = databaseOf(env);
  if (database.name === 'd1') return new D1ToolEventStore(database.db);
  throw new Error('newsletter tool events: the Firestore adapter is not written yet');
}

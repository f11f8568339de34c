import type { Config } from '../../config/index';
import type { Env } from '../../env';
import { getLeadStore } from '../../store/leads/open';
import { failing, ok, type Check } from './check';

/** One read through the lead store: for Firestore, a Google token exchange and a document read. */
export async function checkStore(env: Env, config: Config): Promise<Check> {
  try {
    const store = config.leads.store;
    await getLeadStore(env).get('enquiry', 'health-check');
    return ok('store', store === 'd1' ? 'Leads are stored in D1.' : 'Firestore answers (token exchange and one read).');
  } catch (err) {
    const name = (err as Error)?.name ?? 'Error';
    return failing(
      'store',
      `The lead store did not answer (${name}): new leads are parked in the queue until it does. Check the Firestore secrets and the project.`,
    );
  }
}

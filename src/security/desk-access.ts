import type { MiddlewareHandler } from 'hono';
import { logEvent, errorMessage } from '../log';
import { localRequest, readAccessConfig, type Env } from '../env';
import { ApiException } from '../http/errors';
import { verifyAccessJwt } from './access-jwt';

export type OwnerVariables = { owner: { email: string } };

const HEADER = 'Cf-Access-Jwt-Assertion';

/**
 * Lets a request through only with a valid Cloudflare Access assertion, and
 * puts the signed-in owner's email in `c.var.owner`. The Access application in
 * front of the route is not trusted alone (a workers.dev address bypasses it):
 * every request is checked here. In development without ACCESS_TEAM_DOMAIN a
 * local owner is signed in, and only for a request from this machine (see localRequest), so a deployment that
 * kept ENVIRONMENT=development is still closed; a deployment missing the settings
 * refuses everyone and says why in the log.
 *
 * @example desk.use('*', deskAccess())
 */
export function deskAccess(): MiddlewareHandler<{ Bindings: Env; Variables: OwnerVariables }> {
  return async function deskAccessMiddleware(c, next) {
    const config = readAccessConfig(c.env);
    if (config.mode === 'local') {
      if (!localRequest(c.env, c.req.url)) {
        logEvent('error', 'security.refused', { area: 'desk', reason: 'local owner off loopback' });
        throw new ApiException(403, 'forbidden', 'Sign in through Cloudflare Access to use the desk.');
      }
      c.set('owner', { email: config.email });
      return next();
    }
    if (config.mode === 'misconfigured') {
      logEvent('error', 'security.refused', { area: 'desk', reason: 'access not configured', problem: config.problem });
      throw new ApiException(403, 'forbidden', 'The desk is not configured for sign-in.');
    }
    let result;
    try {
      result = await verifyAccessJwt(c.req.header(HEADER), config);
    } catch (err) {
      logEvent('error', 'security.refused', {
        area: 'desk',
        reason: 'access keys unavailable',
        error: errorMessage(err),
      });
      throw new ApiException(503, 'access_unavailable', 'Sign-in cannot be checked right now. Try again shortly.');
    }
    if (!result.ok) throw new ApiException(403, 'forbidden', 'Sign in through Cloudflare Access to use the desk.');
    c.set('owner', { email: result.email });
    return next();
  };
}

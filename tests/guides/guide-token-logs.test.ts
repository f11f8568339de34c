/**
 * A guide's token never reaches a log line, even when a failure escapes the guide pages and reaches the app's one
 * error handler: the download path is written with its token replaced, and the confirmation's token (in the query)
 * is never written at all.
 */
import { Hono } from 'hono';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { onError } from '../../src/http/errors';
import { allowConsoleErrors } from '../setup';

const TOKEN = 'qy5wk0sjmDezP2onDJhESQ.tpm5gp.BpVm6z3OoQSrFlqz8B4kklFuMTcglnF5t_nT3JmahEs';

afterEach(() => vi.restoreAllMocks());

describe('the error handler and a guide’s links', () => {
  it('logs /guides/:token and /guides/confirm, never the token, for an unexpected failure', async () => {
    allowConsoleErrors();
    const lines: string[] = [];
    vi.spyOn(console, 'error').mockImplementation((line: unknown) => void lines.push(String(line)));
    const app = new Hono();
    app.onError(onError);
    const fail = () => {
      throw new Error('the store went away');
    };
    app.get('/guides/confirm', fail);
    app.get('/guides/:token', fail);
    expect((await app.request(`/guides/${TOKEN}`)).status).toBe(500);
    expect((await app.request(`/guides/confirm?t=${TOKEN}`)).status).toBe(500);
    expect(lines.map((line) => JSON.parse(line) as unknown)).toMatchObject([
      { event: 'request.error', path: '/guides/:token' },
      { event: 'request.error', path: '/guides/confirm' },
    ]);
    expect(lines.join('\n')).not.toContain(TOKEN.slice(0, 22));
  });
});

/**
 * A client page's token never reaches a log line, even when a failure escapes the page's own guard and reaches the
 * app's one error handler: the handler writes the path with the token replaced.
 */
import { Hono } from 'hono';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { onError } from '../../../src/http/errors';
import { allowConsoleErrors } from '../../setup';

const TOKEN = 'Yk3q9ZtR2mW8vX1cLp4sNg';

afterEach(() => vi.restoreAllMocks());

describe('the error handler and a client page’s address', () => {
  it('logs /c/:token, never the token, for an unexpected failure under /c/', async () => {
    allowConsoleErrors();
    const lines: string[] = [];
    vi.spyOn(console, 'error').mockImplementation((line: unknown) => void lines.push(String(line)));
    const app = new Hono();
    app.onError(onError);
    app.post('/c/:token/terms', () => {
      throw new Error('the store went away');
    });
    const res = await app.request(`/c/${TOKEN}/terms`, { method: 'POST' });
    expect(res.status).toBe(500);
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0]!)).toMatchObject({ event: 'request.error', path: '/c/:token/terms' });
    expect(lines.join('\n')).not.toContain(TOKEN);
  });
});

// Local stand-ins for the outside services, served over HTTP on one loopback port, for the e2e suite
// (scripts/dev/e2e-server.mjs), the operator-script tests (tests/node) and `npm run abuse`. Their request-shape
// rules are the ../*-rules.mjs modules the in-process stand-ins of the workerd tests (../*.ts) use too.
// Each service lives under its own path prefix; a control API lets tests set failure modes and read what was received.
//   /graph/...    WhatsApp Cloud API (Graph API)           -> tests/standins/http/graph.mjs
//   /youtube/...  YouTube feeds (feeds/videos.xml)          -> tests/standins/http/youtube.mjs
//   /podcast/...  the podcast host (feed, audio, art)        -> tests/standins/http/podcast.mjs
//   /access/...   Cloudflare Access (team certs, test sign-in) -> tests/standins/http/access.mjs
//   /razorpay/... Razorpay (payment links, refunds)         -> tests/standins/http/razorpay.mjs
//   /__control    GET state, POST {service, ...} to configure, DELETE to reset
import http from 'node:http';
import https from 'node:https';

const handlers = new Map();
const state = { received: {}, config: {} };

/** Registers a service stand-in: handle({req, body, url, config, signal}) returns {status, headers?, body}. */
export function register(prefix, handle) {
  handlers.set(prefix, handle);
  state.received[prefix] ??= [];
  state.config[prefix] ??= {};
}

/**
 * Registers a stand-in written with web APIs (shared with the workerd tests): handle(request, config) gets a
 * Request and returns a Response; `config` is what the control API set for this service. The request's signal
 * aborts when the caller hangs up, as a fetch's does in workerd.
 */
export function registerFetch(prefix, handle) {
  register(prefix, async ({ req, body, url, config, signal }) => {
    const headers = Object.entries(req.headers).flatMap(([k, v]) => (typeof v === 'string' ? [[k, v]] : []));
    const hasBody = req.method !== 'GET' && req.method !== 'HEAD';
    const res = await handle(
      new Request(url, { method: req.method, headers, body: hasBody ? body : undefined, signal }),
      config,
    );
    return { status: res.status, headers: Object.fromEntries(res.headers), body: Buffer.from(await res.arrayBuffer()) };
  });
}

function readBody(req) {
  return new Promise((resolve) => {
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
  });
}

/** Serves on 127.0.0.1:port; with `tls` ({ key, cert } PEM) over https, for checks that insist on https. */
export function startStandins(port, { tls } = {}) {
  const respond = async (req, res) => {
    const url = new URL(req.url ?? '/', `${tls ? 'https' : 'http'}://${req.headers.host}`);
    const body = await readBody(req);
    if (url.pathname === '/__control') {
      if (req.method === 'DELETE') {
        for (const key of Object.keys(state.received)) {
          state.received[key] = [];
          state.config[key] = {};
        }
      } else if (req.method === 'POST') {
        const { service, ...config } = JSON.parse(body || '{}');
        // Per-recipient failures are kept per number, so parallel tests do not overwrite each other's.
        if (config.errorsFor) config.errorsFor = { ...state.config[service]?.errorsFor, ...config.errorsFor };
        if (config.failContaining)
          config.failContaining = { ...state.config[service]?.failContaining, ...config.failContaining };
        if (config.hangContaining)
          config.hangContaining = { ...state.config[service]?.hangContaining, ...config.hangContaining };
        state.config[service] = { ...state.config[service], ...config };
      }
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(state));
      return;
    }
    for (const [prefix, handle] of handlers) {
      if (url.pathname === `/${prefix}` || url.pathname.startsWith(`/${prefix}/`)) {
        const record = { method: req.method, path: url.pathname, search: url.search, headers: req.headers, body };
        state.received[prefix].push(record);
        // Aborted when the caller hangs up before the answer is sent.
        const hangUp = new AbortController();
        res.on('close', () => hangUp.abort(new Error('the caller hung up')));
        const out = await handle({ req, body, url, config: state.config[prefix], signal: hangUp.signal });
        if (out.delayMs) await new Promise((r) => setTimeout(r, out.delayMs));
        res.writeHead(out.status, out.headers ?? { 'content-type': 'application/json' });
        res.end(out.body ?? '');
        return;
      }
    }
    res.writeHead(404, { 'content-type': 'text/plain' });
    res.end('no stand-in here');
  };
  // A stand-in that throws answers 500 (the caller sees the failure) instead of leaving the request hanging.
  const handler = (req, res) => {
    respond(req, res).catch((error) => {
      res.writeHead(500, { 'content-type': 'text/plain' });
      res.end(String(error));
    });
  };
  const server = tls ? https.createServer(tls, handler) : http.createServer(handler);
  // A port already taken (another run of these tests on this machine) fails the run with its reason, never hangs it.
  return new Promise((resolve, reject) => {
    server.once('error', (err) =>
      reject(new Error(`the stand-ins cannot listen on 127.0.0.1:${port}: ${err.message}`)),
    );
    server.listen(port, '127.0.0.1', () => resolve(server));
  });
}

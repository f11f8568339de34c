// Kit API v4 as every stand-in answers it: the Worker's tests in workerd (tests/standins/newsletter/newsletter.ts), and the
// Node stand-in (http/newsletter.mjs) that `wrangler dev`, Playwright and the operator scripts talk to. Web APIs only.
// Strict as Kit is: the X-Kit-Api-Key header, JSON bodies with only Kit's fields, a real address, an existing
// form and subscriber; errors as Kit writes them, {"errors": ["…"]}. Endpoints served (after any path prefix):
//   GET  /v4/subscribers?email_address=&status=  the subscribers at that address (none, or one) in that state:
//                                             active (Kit's default), inactive, cancelled, complained, bounced or all
//   POST /v4/subscribers                      upsert {email_address, first_name?, state?, fields?}: 201 new, 200 existing
//   POST /v4/forms/{id}/subscribers           {email_address, referrer?}: 201 added, 200 already; the form's
//                                             double opt-in (incentive) email goes to a subscriber not yet active
//   POST /v4/subscribers/{id}/unsubscribe     204, the subscriber becomes cancelled
//   POST /v4/tags                             {name}: 201 created, 200 with the tag of that name that exists
//   POST /v4/tags/{tag_id}/subscribers/{id}   {}: 201 tagged, 200 already tagged; the subscriber must exist, and
//                                             tagging leaves its state alone (an inactive one stays unconfirmed)
//   GET  /v4/account, GET /v4/forms           what the preflight reads

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const STATES = ['active', 'inactive'];
const LIST_STATUSES = ['active', 'inactive', 'cancelled', 'complained', 'bounced', 'all'];
/** The query parameters Kit's subscriber list takes; any other is refused. */
const LIST_PARAMS = [
  'email_address',
  'status',
  'after',
  'before',
  'per_page',
  'created_after',
  'created_before',
  'updated_after',
  'updated_before',
  'sort_field',
  'sort_order',
  'include_total_count',
];

const errors = (status, ...messages) => Response.json({ errors: messages }, { status });

/**
 * One Kit account: `apiKey` is the key it accepts, `forms` its forms ({id, name}), `tags` its tags (by name:
 * {id, name, created_at}). `subscribers` (by address, each with the names of its `tags`),
 * `optIns` (each double opt-in email sent: {formId, email}) and `calls` ({method, path}) show what it received.
 * `fail` ({status, times?}) answers the next calls (or all, without `times`) with that status, as Kit does when
 * it limits the rate (429) or fails (5xx).
 */
export function createKit({ apiKey, forms = [{ id: 1234567, name: 'Newsletter' }] }) {
  const subscribers = new Map();
  const optIns = [];
  const calls = [];
  const tags = new Map();
  let nextId = 1000;
  let nextTagId = 500;
  const kit = {
    apiKey,
    forms,
    tags,
    subscribers,
    optIns,
    calls,
    fail: undefined,
    async handle(request) {
      const url = new URL(request.url);
      const path = url.pathname.slice(Math.max(url.pathname.indexOf('/v4/'), 0));
      calls.push({ method: request.method, path });
      if (request.headers.get('x-kit-api-key') !== kit.apiKey) return errors(401, 'The access token is invalid');
      if (kit.fail) {
        const { status, times } = kit.fail;
        if (times !== undefined && times <= 1) kit.fail = undefined;
        else if (times !== undefined) kit.fail = { status, times: times - 1 };
        return status === 429 ? errors(429, 'Rate limit hit.') : errors(status, 'Internal server error');
      }
      if (request.method === 'GET' && path === '/v4/account') {
        return Response.json({
          user: { email: 'owner@kit.standin' },
          account: { id: 1, name: 'Priya Raman', plan_type: 'creator', primary_email_address: 'owner@kit.standin' },
        });
      }
      if (request.method === 'GET' && path === '/v4/forms') {
        return Response.json({
          forms: kit.forms.map((f) => ({ ...f, type: 'embed', format: 'inline', archived: false, uid: `u${f.id}` })),
          pagination: {
            has_previous_page: false,
            has_next_page: false,
            start_cursor: null,
            end_cursor: null,
            per_page: 500,
          },
        });
      }
      if (request.method === 'GET' && path === '/v4/subscribers') return list(url.searchParams);
      if (request.method !== 'POST') return errors(404, 'Not Found');
      if (!(request.headers.get('content-type') ?? '').startsWith('application/json')) {
        return errors(415, 'Content-Type must be application/json');
      }
      const body = await request.json().catch(() => undefined);
      if (!body || typeof body !== 'object' || Array.isArray(body)) return errors(400, 'The request body is not JSON');
      let m;
      if (path === '/v4/subscribers') return upsert(body);
      if ((m = /^\/v4\/forms\/(\d+)\/subscribers$/.exec(path))) return addToForm(Number(m[1]), body);
      if ((m = /^\/v4\/subscribers\/(\d+)\/unsubscribe$/.exec(path))) return cancel(Number(m[1]), body);
      if (path === '/v4/tags') return createTag(body);
      if ((m = /^\/v4\/tags\/(\d+)\/subscribers\/(\d+)$/.exec(path))) return tag(Number(m[1]), Number(m[2]), body);
      return errors(404, 'Not Found');
    },
  };

  function unknownField(body, allowed) {
    const odd = Object.keys(body).find((k) => !allowed.includes(k));
    return odd ? errors(422, `${odd} is not a permitted parameter`) : null;
  }

  const view = (s) => ({
    id: s.id,
    first_name: s.first_name,
    email_address: s.email_address,
    state: s.state,
    created_at: s.created_at,
    fields: {},
  });

  function list(params) {
    const odd = [...params.keys()].find((k) => !LIST_PARAMS.includes(k));
    if (odd) return errors(422, `${odd} is not a permitted parameter`);
    const status = params.get('status') ?? 'active';
    if (!LIST_STATUSES.includes(status)) return errors(422, 'Status is not valid');
    const wanted = params.get('email_address');
    if (wanted !== null && !EMAIL.test(wanted.trim())) return errors(422, 'Email address is invalid');
    const found = [...subscribers.values()].filter(
      (s) =>
        (wanted === null || s.email_address === wanted.trim().toLowerCase()) &&
        (status === 'all' || s.state === status),
    );
    return Response.json({
      subscribers: found.map(view),
      pagination: {
        has_previous_page: false,
        has_next_page: false,
        start_cursor: null,
        end_cursor: null,
        per_page: 500,
      },
    });
  }

  function upsert(body) {
    const odd = unknownField(body, ['email_address', 'first_name', 'state', 'fields']);
    if (odd) return odd;
    const email = typeof body.email_address === 'string' ? body.email_address.trim().toLowerCase() : '';
    if (!EMAIL.test(email)) return errors(422, 'Email address is invalid');
    if (body.state !== undefined && !STATES.includes(body.state)) return errors(422, 'State is not valid');
    const existing = subscribers.get(email);
    if (existing) {
      if (typeof body.first_name === 'string') existing.first_name = body.first_name;
      return Response.json({ subscriber: view(existing) }, { status: 200 });
    }
    const created = {
      id: nextId++,
      email_address: email,
      first_name: typeof body.first_name === 'string' ? body.first_name : null,
      state: body.state ?? 'active',
      created_at: new Date().toISOString(),
      forms: new Set(),
      tags: new Set(),
    };
    subscribers.set(email, created);
    return Response.json({ subscriber: view(created) }, { status: 201 });
  }

  function addToForm(formId, body) {
    if (!kit.forms.some((f) => f.id === formId)) return errors(404, 'Not Found');
    const odd = unknownField(body, ['email_address', 'referrer']);
    if (odd) return odd;
    const email = typeof body.email_address === 'string' ? body.email_address.trim().toLowerCase() : '';
    const subscriber = subscribers.get(email);
    if (!subscriber) return errors(404, 'Not Found');
    const already = subscriber.forms.has(formId) && subscriber.state !== 'cancelled';
    subscriber.forms.add(formId);
    if (subscriber.state !== 'active') {
      // The form's double opt-in: the subscriber is sent the confirmation and stays inactive until they confirm.
      subscriber.state = 'inactive';
      optIns.push({ formId, email });
    }
    return Response.json(
      { subscriber: { ...view(subscriber), added_at: new Date().toISOString(), referrer: null } },
      { status: already ? 200 : 201 },
    );
  }

  function cancel(id, body) {
    const odd = unknownField(body, []);
    if (odd) return odd;
    const subscriber = [...subscribers.values()].find((s) => s.id === id);
    if (!subscriber) return errors(404, 'Not Found');
    subscriber.state = 'cancelled';
    return new Response(null, { status: 204 });
  }

  function createTag(body) {
    const odd = unknownField(body, ['name']);
    if (odd) return odd;
    const name = typeof body.name === 'string' ? body.name.trim() : '';
    if (name === '' || name.length > 255) return errors(422, 'Name is invalid');
    const existing = tags.get(name);
    if (existing) return Response.json({ tag: existing }, { status: 200 });
    const created = { id: nextTagId++, name, created_at: new Date().toISOString() };
    tags.set(name, created);
    return Response.json({ tag: created }, { status: 201 });
  }

  function tag(tagId, subscriberId, body) {
    const odd = unknownField(body, []);
    if (odd) return odd;
    const found = [...tags.values()].find((t) => t.id === tagId);
    const subscriber = [...subscribers.values()].find((s) => s.id === subscriberId);
    if (!found || !subscriber) return errors(404, 'Not Found');
    const already = subscriber.tags.has(found.name);
    subscriber.tags.add(found.name);
    return Response.json(
      { subscriber: { ...view(subscriber), tagged_at: new Date().toISOString() } },
      { status: already ? 200 : 201 },
    );
  }

  return kit;
}

// Mailchimp Marketing API 3.0 as every stand-in answers it: the Worker's tests in workerd
// (tests/standins/newsletter/newsletter.ts), and the Node stand-in (http/newsletter.mjs) for `wrangler dev`, Playwright and the
// operator scripts. Web APIs only; the MD5 of an address is given by the runtime (WebCrypto has MD5 in workerd,
// not in Node). Strict as Mailchimp is: Basic auth with the key, the data centre of the key (the host's first
// label, or a path segment before /3.0/ behind a stand-in prefix) must be the key's suffix, the member's hash
// must be the MD5 of its lower-cased address, a new member needs a status; errors as problem JSON
// {type, title, status, detail, instance}. Endpoints served:
//   GET   /3.0/ping, GET /3.0/lists/{id}         what the preflight reads
//   PUT   /3.0/lists/{id}/members/{hash}         upsert {email_address, status_if_new?, status?, merge_fields?};
//                                                an address in `fakes` is refused as Mailchimp refuses one it
//                                                judges fake: 400, the detail naming the address
//   PATCH /3.0/lists/{id}/members/{hash}         {status}: 404 for an address the list does not have
//   POST  /3.0/lists/{id}/members/{hash}/tags    {tags: [{name, status: active|inactive}], is_syncing?}: 204;
//                                                404 for an address the list does not have; a tag is made by name
//   POST  /3.0/lists/{id}/members/{hash}/actions/delete-permanent
//                                                no body: 204, the member is gone (`deleted` keeps {listId, email});
//                                                404 for an address the list does not have

const STATUSES = ['subscribed', 'unsubscribed', 'cleaned', 'pending', 'transactional'];
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const problem = (status, title, detail) =>
  Response.json(
    {
      type: 'https://mailchimp.com/developer/marketing/docs/errors/',
      title,
      status,
      detail,
      instance: crypto.randomUUID(),
    },
    { status, headers: { 'content-type': 'application/problem+json' } },
  );

/**
 * One Mailchimp account: `apiKey` (ending in -<dc>), `lists` ({id, name}), `md5(text)` → hex. `members`
 * (by list and hash), `confirmations` (each confirmation email a pending status sends: {listId, email}),
 * `deleted` (each member deleted for good: {listId, email}) and `calls` show what it received; `fail` ({status, times?}) answers the next calls (or all) with that status;
 * `fakes` holds the (lower-cased) addresses it refuses as fake.
 */
export function createMailchimp({ apiKey, lists = [{ id: 'a1b2c3d4e5', name: 'Newsletter' }], md5 }) {
  const members = new Map();
  const confirmations = [];
  const deleted = [];
  const calls = [];
  const fakes = new Set();
  const mc = {
    apiKey,
    lists,
    members,
    confirmations,
    deleted,
    calls,
    fakes,
    fail: undefined,
    async handle(request) {
      const url = new URL(request.url);
      const at = url.pathname.indexOf('/3.0/');
      const path = url.pathname.slice(Math.max(at, 0));
      calls.push({ method: request.method, path });
      const before = url.pathname.slice(0, Math.max(at, 0)).split('/').filter(Boolean);
      const dc = before.length > 0 ? before[before.length - 1] : url.hostname.split('.')[0];
      const auth = request.headers.get('authorization') ?? '';
      const key = auth.startsWith('Basic ') ? (atob(auth.slice(6)).split(':')[1] ?? '') : '';
      if (key !== mc.apiKey || !mc.apiKey.endsWith(`-${dc}`)) {
        return problem(
          401,
          'API Key Invalid',
          "Your API key may be invalid, or you've attempted to access the wrong datacenter.",
        );
      }
      if (mc.fail) {
        const { status, times } = mc.fail;
        if (times !== undefined && times <= 1) mc.fail = undefined;
        else if (times !== undefined) mc.fail = { status, times: times - 1 };
        return status === 429
          ? problem(429, 'Too Many Requests', 'You have exceeded the limit of 10 simultaneous connections.')
          : problem(status, 'Internal Server Error', 'An unexpected internal error has occurred.');
      }
      if (request.method === 'GET' && path === '/3.0/ping')
        return Response.json({ health_status: "Everything's Chimpy!" });
      let m = /^\/3\.0\/lists\/([^/]+)$/.exec(path);
      if (request.method === 'GET' && m) {
        const list = mc.lists.find((l) => l.id === m[1]);
        return list
          ? Response.json({
              id: list.id,
              name: list.name,
              stats: { member_count: [...members.keys()].filter((k) => k.startsWith(`${list.id}/`)).length },
            })
          : problem(404, 'Resource Not Found', 'The requested resource could not be found.');
      }
      m = /^\/3\.0\/lists\/([^/]+)\/members\/([^/]+)\/tags$/.exec(path);
      if (request.method === 'POST' && m) return setTags(m[1], m[2], await request.json().catch(() => undefined));
      m = /^\/3\.0\/lists\/([^/]+)\/members\/([^/]+)\/actions\/delete-permanent$/.exec(path);
      if (request.method === 'POST' && m) {
        const member = members.get(`${m[1]}/${m[2]}`);
        if (!member) return problem(404, 'Resource Not Found', 'The requested resource could not be found.');
        members.delete(`${m[1]}/${m[2]}`);
        deleted.push({ listId: member.listId, email: member.email_address });
        return new Response(null, { status: 204 });
      }
      m = /^\/3\.0\/lists\/([^/]+)\/members\/([^/]+)$/.exec(path);
      if (!m || (request.method !== 'PUT' && request.method !== 'PATCH')) {
        return problem(404, 'Resource Not Found', 'The requested resource could not be found.');
      }
      const [, listId, hash] = m;
      if (!mc.lists.some((l) => l.id === listId)) {
        return problem(404, 'Resource Not Found', 'The requested resource could not be found.');
      }
      const body = await request.json().catch(() => undefined);
      if (!body || typeof body !== 'object' || Array.isArray(body)) {
        return problem(400, 'JSON Parse Exception', 'We encountered an unspecified JSON parsing error.');
      }
      const odd = Object.keys(body).find(
        (k) => !['email_address', 'status_if_new', 'status', 'merge_fields'].includes(k),
      );
      if (odd)
        return problem(400, 'Invalid Resource', `The resource submitted could not be validated: unknown field ${odd}.`);
      for (const field of ['status', 'status_if_new']) {
        if (body[field] !== undefined && !STATUSES.includes(body[field])) {
          return problem(
            400,
            'Invalid Resource',
            `The resource submitted could not be validated: ${field} is not valid.`,
          );
        }
      }
      const id = `${listId}/${hash}`;
      const existing = members.get(id);
      if (request.method === 'PATCH') {
        if (!existing) return problem(404, 'Resource Not Found', 'The requested resource could not be found.');
        if (body.status) setStatus(existing, body.status);
        return Response.json(view(existing));
      }
      const email = typeof body.email_address === 'string' ? body.email_address : '';
      if (!EMAIL.test(email)) {
        return problem(400, 'Invalid Resource', 'Please provide a valid email address.');
      }
      if ((await md5(email.trim().toLowerCase())) !== hash) {
        return problem(400, 'Invalid Resource', 'The email address does not match the subscriber hash.');
      }
      if (fakes.has(email.trim().toLowerCase())) {
        return problem(400, 'Invalid Resource', `${email} looks fake or invalid, please enter a real email address.`);
      }
      if (existing) {
        if (body.status) setStatus(existing, body.status);
        return Response.json(view(existing));
      }
      const status = body.status ?? body.status_if_new;
      if (!status) {
        return problem(400, 'Invalid Resource', 'The resource submitted could not be validated: status is required.');
      }
      const member = { id: hash, listId, email_address: email, status: 'new', tags: [] };
      members.set(id, member);
      setStatus(member, status);
      return Response.json(view(member));
    },
  };

  function setTags(listId, hash, body) {
    const member = members.get(`${listId}/${hash}`);
    if (!member) return problem(404, 'Resource Not Found', 'The requested resource could not be found.');
    const list = body && typeof body === 'object' && !Array.isArray(body) ? body.tags : undefined;
    const odd =
      body && typeof body === 'object' ? Object.keys(body).find((k) => !['tags', 'is_syncing'].includes(k)) : '';
    const valid =
      Array.isArray(list) &&
      list.every(
        (t) =>
          t &&
          typeof t.name === 'string' &&
          t.name.trim() !== '' &&
          t.name.length <= 100 &&
          ['active', 'inactive'].includes(t.status) &&
          Object.keys(t).every((k) => k === 'name' || k === 'status'),
      );
    if (odd !== undefined || !valid) {
      return problem(400, 'Invalid Resource', 'The resource submitted could not be validated: tags is not valid.');
    }
    for (const { name, status } of list) {
      member.tags = member.tags.filter((t) => t !== name);
      if (status === 'active') member.tags.push(name);
    }
    return new Response(null, { status: 204 });
  }

  function setStatus(member, status) {
    // pending sends Mailchimp's confirmation email (double opt-in) whenever a member becomes pending.
    if (status === 'pending' && member.status !== 'pending' && member.status !== 'subscribed') {
      confirmations.push({ listId: member.listId, email: member.email_address });
    }
    member.status = status;
  }

  const view = (member) => ({
    id: member.id,
    email_address: member.email_address,
    unique_email_id: member.id.slice(0, 10),
    status: member.status,
    list_id: member.listId,
    tags_count: member.tags.length,
    tags: member.tags.map((name, i) => ({ id: i + 1, name })),
  });

  return mc;
}

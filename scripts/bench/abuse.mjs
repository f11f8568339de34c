// `npm run abuse`: a bot flood against `wrangler dev` (real local queue and D1, WhatsApp, Turnstile and YouTube
// stand-ins), compressed in time by configuration: the Worker runs with BUDGET_WINDOW_SCALE=60
// (development only), so every budget window is 60 times shorter: a simulated hour lasts one real
// minute, a simulated minute one real second. The per-address rate limit stays real (5 a minute).
// Turnstile is on (the stand-in, with a secret of this run's), as in production.
//
// Attackers, each as fast as the rate limit lets it:
// - with a solved Turnstile token each (cheap to buy), enquiries to a random number or, half the time, to one
//   fixed number: one IPv4 address, 50 addresses of one IPv6 /64, 200 IPv4 addresses;
// - an unverified flood (no token): 40 addresses sending enquiries whose descriptions read `SPAM-… cheap followers`;
// - a phishing attempt, with solved tokens: names that carry a web address (`Asha. KYC expired verify at
//   sbi-kyc.in`, `Dr.Asha`, …), and a long name with none (`Asha KYC expired call 1800 now`);
// - an unverified newsletter flood (no token): 20 addresses signing up strangers' addresses, half the time one
//   fixed victim, to make the newsletter tool (the Kit stand-in) send its double opt-in emails;
// - a verified repeat, with solved tokens: 5 addresses signing up one other victim again and again.
// A real visitor (a new person each simulated minute, with solved tokens) sends one newsletter signup and one enquiry.
// Exits non-zero unless: visitor messages <= the daily budget (per day), <= 3 per number, owner
// alerts <= the hourly cap per owner per hour (plus one digest), every real lead stored and told to
// both owners (by an alert or its hour's digest), every name with an address refused, no message carries
// a web address, more than the first word of a name or the spam's text, no unverified lead alerts an owner
// or writes to its number (each is counted in a digest instead), no unverified signup reaches the newsletter
// tool (each is stored, its call skipped as unverified), the repeated victim reaches it at most once a simulated
// day (the rest skipped as cap), every real visitor's signup reaches it, and no 5xx.
//
// Ports: ABUSE_PORT (wrangler dev, default 8406; its inspector is +1000) and ABUSE_STANDIN_PORT
// (default 8407). Length: ABUSE_HOURS simulated hours (default 3; a fraction is fine: 0.05 is three simulated
// minutes, a quick check that the script works). The ledger and the store are read while the Worker runs,
// through its development-only routes (GET /__dev/deliveries and /__dev/leads, src/dev-routes.ts).
import { startLocalWorker } from '../dev/local-worker.mjs';
import { SENTINELS } from '../../tests/standins/sentinels.mjs';
import { startStandins } from '../../tests/standins/http/index.mjs';
import '../../tests/standins/http/graph.mjs';
import { NEWSLETTER_EXPECT } from '../../tests/standins/http/newsletter.mjs';
import '../../tests/standins/http/turnstile.mjs';
import '../../tests/standins/http/youtube.mjs';

const PORT = Number(process.env.ABUSE_PORT || 8406);
const STANDIN_PORT = Number(process.env.ABUSE_STANDIN_PORT || 8407);
const HOURS = Number(process.env.ABUSE_HOURS || 3);
const SCALE = 60;
const HOUR_MS = 3600_000 / SCALE;
const MINUTE_MS = 60_000 / SCALE;
const BUDGET = { perNumber: 3, daily: 100, ownerPerHour: 20 };
const OWNERS = ['+919800000001', '+919800000002'];
const TARGET = '+919876543210';
/** The fixed addresses the newsletter attackers sign up: one without tokens, one with solved tokens. */
const NEWSLETTER_VICTIM = 'nl-flood-victim@example.com';
const REPEAT_VICTIM = 'nl-repeat-victim@example.com';
const TURNSTILE_SECRET = `abuse-${crypto.randomUUID()}`;
/** A new token the Turnstile stand-in accepts (once) for `form`, solved on this host. */
const solved = (form) => `XXXX.DUMMY.TOKEN.XXXX:${form}:${crypto.randomUUID()}`;
const PHISHING_NAMES = [
  'Asha. KYC expired verify at sbi-kyc.in',
  'Dr.Asha',
  'Refund pending, claim at bit.ly/refund-now',
  'Asha sbi-kyc.in',
];
const LONG_NAME = 'Asha KYC expired call us now urgently';

const standins = await startStandins(STANDIN_PORT);
const base = `http://127.0.0.1:${STANDIN_PORT}`;
const worker = await startLocalWorker({
  port: PORT,
  vars: {
    ENVIRONMENT: 'development',
    BUDGET_WINDOW_SCALE: String(SCALE),
    WHATSAPP_API_URL: `${base}/graph`,
    WHATSAPP_TOKEN: SENTINELS.WHATSAPP_TOKEN, // the token the stand-in accepts
    WHATSAPP_PHONE_NUMBER_ID: '100000000000001',
    OWNER_PHONES: OWNERS.join(','),
    OWNER_NAMES: 'Priya,Arjun',
    YOUTUBE_SAMPLE_FEEDS: '1',
    TURNSTILE_SITE_KEY: '1x00000000000000000000AA',
    TURNSTILE_SECRET_KEY: TURNSTILE_SECRET,
    TURNSTILE_VERIFY_URL: `${base}/turnstile/siteverify`,
    // Every signup the site sends on goes to the Kit stand-in, which counts the calls it receives per address.
    NEWSLETTER_PROVIDER: 'kit',
    KIT_API_URL: `${base}/kit`,
    KIT_API_KEY: NEWSLETTER_EXPECT.kitApiKey,
    KIT_FORM_ID: String(NEWSLETTER_EXPECT.kitFormId),
  },
});
await fetch(`${base}/__control`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ service: 'turnstile', secret: TURNSTILE_SECRET, hostname: '127.0.0.1' }),
});

const statuses = new Map();
let requests = 0;
const count = (status) => statuses.set(status, (statuses.get(status) ?? 0) + 1);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const randomMobile = () => `+919${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`;

/** Every submission the Worker accepted (201): the queue has drained when each has its rows in the ledger. */
const accepted = new Set();
/** Posts a form as the page does; `token` is the Turnstile token it carries, if any. */
async function post(path, body, ip, token) {
  requests++;
  try {
    const res = await fetch(`${worker.origin}/api/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'cf-connecting-ip': ip },
      body: JSON.stringify({ submissionId: crypto.randomUUID(), ...body, ...(token ? { turnstileToken: token } : {}) }),
    });
    count(res.status);
    const answer = await res.json().catch(() => null);
    if (res.status === 201 && answer?.id) accepted.add(answer.id);
    return { status: res.status, body: answer, retryAfter: res.headers.get('retry-after') };
  } catch {
    count('network error');
    return { status: 0 };
  }
}

const started = Date.now();
const until = started + HOURS * HOUR_MS;

/**
 * One attacking address: `next(n)` gives its n-th submission (an enquiry unless it names another `form`) and
 * token; on a 429 it waits as long as Retry-After says.
 */
async function flood(ip, next) {
  for (let n = 0; Date.now() < until; n++) {
    const { enquiry, form = 'enquiry', token, onAnswer } = next(n);
    const res = await post(form, enquiry, ip, token);
    onAnswer?.(res);
    if (res.status === 429) await sleep(Math.min(Number(res.retryAfter || 60) * 1000, Math.max(0, until - Date.now())));
  }
}
/** Bought tokens, bot text, to a random number or the fixed target. */
const attacker = (ip, i) =>
  flood(ip, (n) => ({
    enquiry: {
      name: 'Account Team',
      phone: Math.random() < 0.5 ? TARGET : randomMobile(),
      email: `bot${i}-${n}@example.com`,
      description: 'Verify now',
    },
    token: solved('enquiry'),
  }));
/** No token: stored, but never on an owner's phone one by one nor on the typed number. */
const unverified = [];
const spammer = (ip, i) =>
  flood(ip, (n) => ({
    enquiry: {
      name: 'Growth Team',
      phone: randomMobile(),
      email: `spam${i}-${n}@example.com`,
      description: `SPAM-${i}-${n} cheap followers`,
    },
    onAnswer: (res) => res.body?.id && unverified.push(res.body.id),
  }));
/** Solved tokens and names that carry a web address (each must be refused by the name field), or a long name. */
const phishing = { refused: 0, accepted: 0, long: 0, refusedFields: new Set() };
const phisher = (ip, i) =>
  flood(ip, (n) => {
    const name = n % 5 === 1 ? LONG_NAME : PHISHING_NAMES[n % PHISHING_NAMES.length];
    return {
      enquiry: {
        name,
        phone: randomMobile(),
        email: `kyc${i}-${n}@example.com`,
        description: 'Your account is blocked',
      },
      token: solved('enquiry'),
      onAnswer: (res) => {
        if (name === LONG_NAME) phishing.long += res.status === 201 ? 1 : 0;
        else if (res.status === 400) {
          phishing.refused++;
          for (const field of Object.keys(res.body?.error?.fields ?? {})) phishing.refusedFields.add(field);
        } else if (res.status !== 429) phishing.accepted++;
      },
    };
  });

/** No token: strangers' addresses signed up, each stored, none sent on to the newsletter tool. */
const unverifiedSignups = [];
const signupFlooder = (ip, i) =>
  flood(ip, (n) => ({
    form: 'newsletter',
    enquiry: { email: n % 2 === 0 ? NEWSLETTER_VICTIM : `nl-flood-${i}-${n}@example.com` },
    onAnswer: (res) => res.body?.id && unverifiedSignups.push(res.body.id),
  }));
/** Solved tokens, one victim's address again and again: at most one call a day reaches the tool. */
const repeatSignups = [];
const repeater = (ip) =>
  flood(ip, () => ({
    form: 'newsletter',
    enquiry: { email: REPEAT_VICTIM },
    token: solved('newsletter'),
    onAnswer: (res) => res.body?.id && repeatSignups.push(res.body.id),
  }));

/** The real visitors: each simulated minute a new person signs up and sends an enquiry. */
const real = [];
async function realVisitors() {
  for (let minute = 0; Date.now() < until; minute++) {
    const ip = `100.64.${Math.floor(minute / 250)}.${(minute % 250) + 1}`;
    const email = `reader-${minute}@example.com`;
    for (const [kind, body] of [
      ['newsletter', { email }],
      ['enquiry', { name: 'Asha Rao', phone: randomMobile(), email, description: 'A retreat for our team' }],
    ]) {
      const at = Date.now();
      const res = await post(kind, body, ip, solved(kind));
      real.push({ kind, id: res.body?.id, status: res.status, at });
    }
    await sleep(Math.max(0, started + (minute + 1) * MINUTE_MS - Date.now()));
  }
}

const attackers = [
  attacker('203.0.113.1', 0),
  ...Array.from({ length: 50 }, (_, i) => attacker(`2001:db8:abcd:12::${(i + 1).toString(16)}`, 100 + i)),
  ...Array.from({ length: 200 }, (_, i) => attacker(`198.18.${Math.floor(i / 200)}.${(i % 200) + 1}`, 1000 + i)),
  ...Array.from({ length: 40 }, (_, i) => spammer(`192.0.2.${i + 1}`, 2000 + i)),
  ...Array.from({ length: 5 }, (_, i) => phisher(`198.51.100.${i + 1}`, 3000 + i)),
  ...Array.from({ length: 20 }, (_, i) => signupFlooder(`192.0.2.${i + 101}`, 4000 + i)),
  ...Array.from({ length: 5 }, (_, i) => repeater(`198.51.100.${i + 101}`)),
];
await Promise.all([...attackers, realVisitors()]);
const floodEnded = Date.now();
// Let the queue drain and the last hour's digests go out (due at the end of that hour): wait until every accepted
// submission has its rows in the ledger (a skipped message sends nothing, so WhatsApp alone cannot tell) and
// WhatsApp has received nothing new for 30 s, at least an hour after the flood, at most 10 minutes.
const graphReceived = async () => (await (await fetch(`${base}/__control`)).json()).received.graph ?? [];
const unledgered = async () => {
  const res = await fetch(`${worker.origin}/__dev/deliveries`);
  if (!res.ok) return accepted.size;
  const inLedger = new Set((await res.json()).deliveries.map((r) => r.submission_id));
  return [...accepted].filter((id) => !inLedger.has(id)).length;
};
let received = await graphReceived();
let waiting = accepted.size;
for (let quietSince = Date.now(); Date.now() - floodEnded < 600_000; await sleep(10_000)) {
  const now = await graphReceived();
  if (now.length !== received.length) quietSince = Date.now();
  received = now;
  if (Date.now() - floodEnded < HOUR_MS + 10_000 || Date.now() - quietSince < 30_000) continue;
  waiting = await unledgered();
  if (waiting === 0) break;
}
const drainedMs = Date.now() - floodEnded;

// The ledger and the store, read through the Worker's development-only routes before it stops.
async function devRead(path) {
  const res = await fetch(`${worker.origin}${path}`);
  if (!res.ok) throw new Error(`GET ${path} answered ${res.status}`);
  return res.json();
}
let deliveries;
let kitReceived;
let kitOptIns;
const storedIds = new Set();
try {
  ({ deliveries } = await devRead('/__dev/deliveries'));
  kitReceived = (await (await fetch(`${base}/__control`)).json()).received.kit ?? [];
  kitOptIns = (await (await fetch(`${base}/__newsletter`)).json()).kit.optIns;
  for (const lead of real.filter((l) => l.id)) {
    const { leads } = await devRead(`/__dev/leads?id=${encodeURIComponent(lead.id)}`);
    if (Object.values(leads).some((rows) => rows.length > 0)) storedIds.add(lead.id);
  }
  for (const id of [...unverified, ...unverifiedSignups]) {
    const { leads } = await devRead(`/__dev/leads?id=${encodeURIComponent(id)}`);
    if (Object.values(leads).some((rows) => rows.length > 0)) storedIds.add(id);
  }
} finally {
  await worker.stop();
  standins.close();
}

// What WhatsApp received (the stand-in accepted every well-formed template message).
const sends = received
  .map((r) => JSON.parse(r.body || '{}'))
  .filter((b) => b.template)
  .map((b) => ({ template: b.template.name, to: b.to, body: JSON.stringify(b) }));
const headerOf = (send) =>
  JSON.parse(send.body).template.components?.find((c) => c.type === 'header')?.parameters?.[0]?.text ?? '';
const byTemplate = {};
for (const s of sends) byTemplate[s.template] = (byTemplate[s.template] ?? 0) + 1;
const perNumber = new Map();
for (const s of sends.filter((s) => s.template === 'journey_users'))
  perNumber.set(s.to, (perNumber.get(s.to) ?? 0) + 1);
const maxPerNumber = Math.max(0, ...perNumber.values());

const sentRows = deliveries.filter((r) => r.status === 'sent');
const bucket = (iso, lengthMs, offsetMs = 0) => Math.floor((Date.parse(iso) + offsetMs) / lengthMs);
const tally = (rows, key) => {
  const m = new Map();
  for (const r of rows) m.set(key(r), (m.get(key(r)) ?? 0) + 1);
  return Math.max(0, ...m.values());
};
const maxVisitorPerDay = tally(
  sentRows.filter((r) => r.audience === 'visitor'),
  (r) => bucket(r.created_at, 24 * HOUR_MS, 5.5 * HOUR_MS),
);
const maxOwnerPerHour = tally(
  sentRows.filter((r) => r.audience === 'owner'),
  (r) => `${r.recipient} ${bucket(r.created_at, HOUR_MS)}`,
);
const maxDigestsPerHour = tally(
  sentRows.filter((r) => r.audience === 'digest'),
  (r) => `${r.recipient} ${bucket(r.created_at, HOUR_MS)}`,
);
const digests = sentRows.filter((r) => r.audience === 'digest').length;

// Each real lead: stored, and told to both owners by its own alert or by its hour's digest.
const ownerRows = (id) => deliveries.filter((r) => r.submission_id === id && r.audience === 'owner');
const digestRow = (submission, owner) =>
  sentRows.find((r) => r.submission_id === submission && r.recipient === owner && r.audience === 'digest');
let unstored = 0;
let untold = 0;
let maxToldMs = 0;
const toldMs = [];
const toldByDigest = [];
for (const lead of real) {
  if (!lead.id || !storedIds.has(lead.id)) {
    unstored++;
    continue;
  }
  let digest = false;
  const times = OWNERS.map((owner) => {
    const row = ownerRows(lead.id).find((r) => r.recipient === owner);
    if (row?.status === 'sent') return Date.parse(row.sent_at);
    if (row?.status === 'skipped' && row.skip_reason === 'hourly_cap') {
      digest = true;
      const sent = digestRow(`digest:${row.digest_hour}`, owner);
      return sent ? Date.parse(sent.sent_at) : null;
    }
    return null;
  });
  if (times.some((t) => t === null)) {
    untold++;
    continue;
  }
  const ms = Math.max(...times) - lead.at;
  toldMs.push(ms);
  toldByDigest.push(digest);
  maxToldMs = Math.max(maxToldMs, ms);
}
// The new attacks: what the phones received, and where each unverified lead went.
const unverifiedIds = new Set(unverified);
const unverifiedStored = unverified.filter((id) => storedIds.has(id)).length;
const unverifiedRows = deliveries.filter((r) => unverifiedIds.has(r.submission_id));
const unverifiedSent = unverifiedRows.filter((r) => r.status === 'sent').length;
const unverifiedInDigest = unverifiedRows.filter(
  (r) => r.audience === 'owner' && r.status === 'skipped' && r.skip_reason === 'unverified',
).length;
const spamOnPhones = sends.filter((s) => s.body.includes('SPAM-') || s.body.includes('cheap followers')).length;
const addressOnPhones = sends.filter((s) => /sbi-kyc|bit\.ly|Dr\.Asha/i.test(s.body)).length;
const greetings = sends.filter((s) => s.template === 'journey_users').map(headerOf);
const badGreetings = greetings.filter((g) => !/^\S{1,30}$/.test(g));

// The newsletter attacks: what reached the Kit stand-in (the address is in a call's body, or its lookup's query).
const kitCallsFor = (match) =>
  kitReceived.filter((r) => match(`${r.body ?? ''} ${decodeURIComponent(r.search ?? '')}`)).length;
const floodToolCalls = kitCallsFor((text) => text.includes('nl-flood-'));
const floodOptIns = kitOptIns.filter((o) => o.email.startsWith('nl-flood-')).length;
const toolRows = (ids) => {
  const set = new Set(ids);
  return deliveries.filter((r) => set.has(r.submission_id) && r.audience === 'newsletter');
};
const floodRows = toolRows(unverifiedSignups);
const floodSkipped = floodRows.filter((r) => r.status === 'skipped' && r.skip_reason === 'unverified').length;
const floodStored = unverifiedSignups.filter((id) => storedIds.has(id)).length;
const repeatRows = toolRows(repeatSignups);
const repeatSent = repeatRows.filter((r) => r.status === 'sent').length;
const repeatCapped = repeatRows.filter((r) => r.status === 'skipped' && r.skip_reason === 'cap').length;
const repeatOptIns = kitOptIns.filter((o) => o.email === REPEAT_VICTIM).length;
const simulatedDays = Math.ceil(HOURS / 24);
const realSignups = real.filter((l) => l.kind === 'newsletter' && l.id);
const realSent = toolRows(realSignups.map((l) => l.id)).filter((r) => r.status === 'sent').length;

const byAlert = toldMs.filter((_, i) => !toldByDigest[i]);
const fiveXX = [...statuses].filter(([s]) => typeof s === 'number' && s >= 500).reduce((n, [, c]) => n + c, 0);
const errors = statuses.get('network error') ?? 0;

const secs = (ms) => `${(ms / 1000).toFixed(1)} s`;
console.log(
  `\nabuse simulation: ${HOURS} simulated hours in ${((floodEnded - started) / 1000).toFixed(0)} s (BUDGET_WINDOW_SCALE=${SCALE})`,
);
console.log(`  requests sent: ${requests}`);
console.log(`  answers by status: ${JSON.stringify(Object.fromEntries([...statuses].sort()))}`);
console.log(`  WhatsApp sends by template: ${JSON.stringify(byTemplate)}`);
console.log(
  `  most visitor messages one number received: ${maxPerNumber} (the fixed target: ${perNumber.get(TARGET) ?? 0})`,
);
console.log(`  visitor messages in the busiest day: ${maxVisitorPerDay} (budget ${BUDGET.daily})`);
console.log(
  `  owner alerts in the busiest owner-hour: ${maxOwnerPerHour} (cap ${BUDGET.ownerPerHour}); digests sent: ${digests} (most per owner-hour: ${maxDigestsPerHour})`,
);
console.log(`  real leads: ${real.length}; not stored: ${unstored}; not told to both owners: ${untold}`);
console.log(
  `  time until both owners were told (real time; queue work is not scaled), max: ${secs(maxToldMs)}; ` +
    `told by their own alert: ${byAlert.length}, by an end-of-hour digest: ${toldMs.length - byAlert.length}`,
);
console.log(
  `  queue drained ${secs(drainedMs)} after the flood ended (accepted submissions not yet in the ledger: ${waiting})`,
);
console.log(
  `  unverified flood: ${unverified.length} accepted, ${unverifiedStored} stored; ${unverifiedInDigest} owner alerts counted in ` +
    `the digest instead; messages sent for them: ${unverifiedSent}; sends carrying the spam's text: ${spamOnPhones}`,
);
console.log(
  `  phishing: ${phishing.refused} names with a web address refused (fields: ${[...phishing.refusedFields].join(', ') || 'none'}), ` +
    `${phishing.accepted} accepted; sends carrying an address: ${addressOnPhones}; long names accepted: ${phishing.long}; ` +
    `visitor greetings: ${greetings.length}, more than one word or over 30 characters: ${badGreetings.length}`,
);

console.log(
  `  unverified newsletter flood: ${unverifiedSignups.length} signups accepted, ${floodStored} stored; newsletter tool ` +
    `calls they caused: ${floodToolCalls} (opt-in emails: ${floodOptIns}); skipped as unverified: ${floodSkipped} of ` +
    `${floodRows.length} in the ledger`,
);
console.log(
  `  verified repeat of one address: ${repeatSignups.length} signups accepted; sent on: ${repeatSent} (opt-in emails: ` +
    `${repeatOptIns}, at most ${simulatedDays} a simulated day allows); skipped as cap: ${repeatCapped}`,
);
console.log(`  real visitors' signups: ${realSignups.length}; sent on to the newsletter tool: ${realSent}`);

const failures = [
  [maxVisitorPerDay > BUDGET.daily, 'visitor messages over the daily budget'],
  [maxPerNumber > BUDGET.perNumber, 'a number received more than 3 visitor messages'],
  [maxOwnerPerHour > BUDGET.ownerPerHour || maxDigestsPerHour > 1, 'owner messages over the hourly cap plus digest'],
  [unstored > 0 || untold > 0 || real.length === 0, 'a real lead not stored or not told to both owners'],
  [fiveXX > 0 || errors > 0, 'a 5xx or a failed request'],
  [
    unverified.length === 0 || unverifiedStored < unverified.length,
    'the unverified flood was not accepted or an unverified lead was not stored',
  ],
  [
    unverifiedSent > 0 || unverifiedInDigest !== unverified.length * OWNERS.length || digests === 0,
    'an unverified lead reached a phone or took no place in a digest',
  ],
  [spamOnPhones > 0, "a message carried the unverified flood's text"],
  [
    phishing.accepted > 0 || phishing.refused === 0 || [...phishing.refusedFields].join() !== 'name',
    'a name with a web address was not refused by the name field',
  ],
  [addressOnPhones > 0 || badGreetings.length > 0, 'a message carried a web address or more than a first name'],
  [phishing.long === 0, 'the long-name enquiries were not accepted'],
  [
    unverifiedSignups.length === 0 || floodStored < unverifiedSignups.length,
    'the unverified newsletter flood was not accepted or a signup was not stored',
  ],
  [
    floodToolCalls > 0 || floodOptIns > 0 || floodSkipped !== floodRows.length || floodRows.length === 0,
    'an unverified newsletter signup reached the newsletter tool',
  ],
  [
    repeatSignups.length < 2 || repeatSent > simulatedDays || repeatOptIns > simulatedDays || repeatCapped === 0,
    'one address reached the newsletter tool more than once a day',
  ],
  [
    realSent < realSignups.length || realSignups.length === 0,
    "a real visitor's signup did not reach the newsletter tool",
  ],
].filter(([failed]) => failed);
for (const [, why] of failures) console.log(`  FAILED: ${why}`);
console.log(failures.length ? 'abuse: FAILED' : 'abuse: every budget held');
process.exit(failures.length ? 1 : 0);

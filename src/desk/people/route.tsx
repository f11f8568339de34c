import { Hono, type Context } from 'hono';
import { desk as copy } from '../../words/desk';
import { personQuotes } from './quotes-words';
import { ErasureIncomplete, idOf } from './people';
import {
  copyWithQuotes,
  eraseQuotesNamed,
  eraseWithQuotes,
  findWithQuotes,
  namedCopy,
  quoteName,
  quotesNamed,
} from './person-quotes';
import { PeopleForm, PeopleParams, parse } from '../params';
import { PeoplePage, type PeopleView } from './people-page';
import { ConfigError, readConfig } from '../../env';
import { readRequestBody } from '../../http/body';
import { ApiException } from '../../http/errors';
import { errorMessage, logEvent } from '../../log';
import { renderDeskPage, type DeskEnv } from '../page';
import { erasureById, erasureLog } from '../../store/people/erasures';
import { personOf, type Person } from '../../store/people/person';

/**
 * A person's records: found, copied and erased by form posts (field `q`, and `also.N` for each other number or
 * address the owner ticked as theirs), so no address or number is ever in a URL, a request log or the history.
 * A `q` that is a name, not an address or number, finds only the quotes shown under it (person-quotes.ts).
 */
export const people = new Hono<DeskEnv>();

const page = (c: Context<DeskEnv>, view: PeopleView, status?: 200 | 400 | 503) =>
  renderDeskPage(c, copy.people.title, 'people', {}, <PeoplePage {...view} />, status);

/** The search box and the erasure log; after an erasure, what it did (a `q` in the address is ignored). */
people.get('/people', async (c) => {
  const params = parse(PeopleParams, c.req.query());
  const erased = params.erased ? await erasureById(c.env.DB, params.erased) : null;
  return page(c, { log: await erasureLog(c.env.DB), ...(erased && { erased }) });
});

people.post('/people', async (c) => {
  const form = await readForm(c);
  const log = await erasureLog(c.env.DB);
  if (!form.person && form.name) return page(c, { log, q: form.q, named: await named(c, form.name) });
  if (!form.person) return page(c, { log, q: form.q, errors: { q: copy.people.invalid } }, 400);
  try {
    const records = await findWithQuotes(c.env, form.person, form.ticked);
    return page(c, { log, q: form.q, who: idOf(form.person), records });
  } catch (err) {
    logEvent('error', 'person.found', { outcome: 'unavailable', error: errorMessage(err) });
    return page(c, { log, q: form.q, failure: notConfigured(err) ?? copy.people.storeDown }, 503);
  }
});

/** A person's copy: every record held for the confirmed identifiers, as readable JSON, downloaded. */
people.post('/people/export.json', async (c) => {
  const form = await readForm(c);
  if (!form.person && form.name) {
    const { name, quotes } = await named(c, form.name);
    logEvent('info', 'person.exported', { quotes: quotes.length });
    return download(c, namedCopy(name, quotes, new Date().toISOString()));
  }
  if (!form.person) throw new ApiException(400, 'invalid_input', copy.people.invalid, { q: copy.people.invalid });
  let records;
  try {
    records = await findWithQuotes(c.env, form.person, form.ticked);
  } catch (err) {
    logEvent('error', 'person.exported', { outcome: 'unavailable', error: errorMessage(err) });
    const message = notConfigured(err) ?? copy.people.storeDown;
    throw new ApiException(503, 'unavailable', message, undefined, { 'Retry-After': '60' });
  }
  logEvent('info', 'person.exported', {
    identifiers: records.confirmed.length,
    left: records.others.length,
    leads: records.leads.length,
    dead: records.dead.length,
    messages: records.messages.length,
    quotes: records.quotes.length,
  });
  return download(c, copyWithQuotes(records, new Date().toISOString()));
});

/** A person's copy as a downloaded JSON file, named by its day. */
function download(c: Context<DeskEnv>, copied: { exportedAt: string }) {
  return c.body(`${JSON.stringify(copied, null, 2)}\n`, 200, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Disposition': `attachment; filename="person-${copied.exportedAt.slice(0, 10)}.json"`,
  });
}

/** What a search by name finds: the quotes shown under it. */
async function named(c: Context<DeskEnv>, name: string) {
  return { name, quotes: await quotesNamed(c.env, name) };
}

/** Erases a person once the owner has typed the address or number searched for again. */
people.post('/people/erase', async (c) => {
  const form = await readForm(c);
  const log = await erasureLog(c.env.DB);
  if (!form.person && form.name) return eraseNamed(c, form.name, form.confirm);
  if (!form.person) return page(c, { log, q: form.q, errors: { q: copy.people.invalid } }, 400);
  const confirmed = personOf(form.confirm, form.region);
  if (!confirmed || idOf(confirmed) !== idOf(form.person)) {
    try {
      const records = await findWithQuotes(c.env, form.person, form.ticked);
      const who = idOf(form.person);
      return page(c, { log, q: form.q, who, records, errors: { confirm: copy.people.mismatch } }, 400);
    } catch (err) {
      return page(c, { log, q: form.q, failure: notConfigured(err) ?? copy.people.storeDown }, 503);
    }
  }
  try {
    const id = await eraseWithQuotes(c.env, form.person, form.ticked, c.var.owner.email);
    return c.redirect(`/desk/people?erased=${id}`, 303);
  } catch (err) {
    const started = err instanceof ErasureIncomplete && err.started;
    const failure = started ? copy.people.erasePartial : (notConfigured(err) ?? copy.people.eraseDown);
    return page(c, { log, q: form.q, failure }, 503);
  }
});

/** Takes the quotes shown under `name` out of the draft once the owner has typed the name again. */
async function eraseNamed(c: Context<DeskEnv>, name: string, confirm: string) {
  if (quoteName(confirm)?.toLowerCase() !== name.toLowerCase()) {
    const log = await erasureLog(c.env.DB);
    return page(c, { log, q: name, named: await named(c, name), errors: { confirm: personQuotes.mismatchName } }, 400);
  }
  const id = await eraseQuotesNamed(c.env, name, c.var.owner.email);
  return c.redirect(`/desk/people?erased=${id}`, 303);
}

/** What the owners are told when a setting the people tools need is missing (the operator must set it), else null. */
function notConfigured(err: unknown): string | null {
  const cause = err instanceof ErasureIncomplete ? err.cause : err;
  return cause instanceof ConfigError ? copy.people.notConfigured(cause.problems.map((p) => p.setting)) : null;
}

/** The posted form: the person it names (null when `q` is neither an address nor a number) and the ticked ones. */
async function readForm(c: Context<DeskEnv>) {
  const form = parse(PeopleForm, (await readRequestBody(c)).value);
  const region = readConfig(c.env).leads.defaultPhoneRegion;
  const person = form.q ? personOf(form.q, region) : null;
  const ticked = form.also.map((v) => personOf(v, region)).filter((p): p is Person => p !== null);
  // Neither an address nor a number: the name shown on a quote, when it reads as one.
  const name = !person && form.q ? quoteName(form.q) : null;
  return { q: form.q ?? '', person, name, ticked, confirm: form.confirm, region };
}

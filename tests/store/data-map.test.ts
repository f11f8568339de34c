/// <reference types="vite/types/importMeta.d.ts" />
/**
 * The map of personal data (src/store/data-map.ts) names every place the site writes: every table and column the
 * migrations leave in D1, every Firestore collection, KV key and R2 prefix the code writes; and /privacy names each
 * kind of personal data it says the site keeps. The people tools and the cron are held to it in
 * tests/store/data-map-people.test.ts.
 */
import { SELF, env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { RETENTION } from '../../src/words/privacy';
import { DATA_MAP, personalPlaces, type D1Place } from '../../src/store/data-map';

/** Tables D1 and its migrations keep for themselves: nothing the site writes. */
const SYSTEM_TABLES = ['d1_migrations', 'sqlite_sequence'];

const d1Places = DATA_MAP.filter((p): p is D1Place => p.kind === 'd1');
const namesOf = (kind: string) => DATA_MAP.filter((p) => p.kind === kind).map((p) => p.name);

describe('the map', () => {
  it('names each place once, and says for each what an erasure does and which words of /privacy name it', () => {
    const keys = DATA_MAP.map((p) => `${p.kind}:${p.name}`);
    expect(keys.length).toBe(new Set(keys).size);
    for (const place of DATA_MAP) {
      expect(place.about, place.name).not.toBe('');
      expect(place.kept, place.name).not.toBe('');
      if (place.erasure !== true) expect(place.erasure, place.name).not.toBe('');
      // A period it names is one the cron and /privacy read (src/words/privacy.ts).
      for (const [, key] of place.kept.matchAll(/RETENTION\.(\w+)/g)) expect(Object.keys(RETENTION)).toContain(key);
    }
  });
});

describe('D1: the map and the migrations', () => {
  it('has a row for every table the migrations leave, and no row for a table they do not', async () => {
    const { results } = await env.DB.prepare(
      "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE '\\_cf\\_%' ESCAPE '\\'",
    ).all<{ name: string }>();
    const tables = results.map((r) => r.name).filter((t) => !SYSTEM_TABLES.includes(t));
    expect(tables.sort()).toEqual(d1Places.map((p) => p.name).sort());
  });

  it.each(d1Places.map((p) => [p.name, p] as const))(
    'names every column of %s, as personal or not',
    async (_, place) => {
      const { results } = await env.DB.prepare(`PRAGMA table_info(${place.name})`).all<{ name: string }>();
      const columns = results.map((r) => r.name);
      expect([...place.personal, ...place.other].sort()).toEqual(columns.sort());
      expect(place.personal.filter((c) => place.other.includes(c))).toEqual([]);
    },
  );
});

/** The Worker's source, as text: the writes to Firestore, KV and R2 are found in it. */
const SOURCE = Object.entries(
  import.meta.glob<string>(['../../src/**/*.ts', '../../src/**/*.tsx'], {
    query: '?raw',
    import: 'default',
    eager: true,
  }),
).filter(([file]) => !file.includes('/data-map'));

const all = (re: RegExp) => SOURCE.flatMap(([file, text]) => [...text.matchAll(re)].map((m) => ({ file, m })));

/** The value of a string constant of the source (`const NAME = '…'`), or undefined. */
function constant(name: string): string | undefined {
  const found = all(new RegExp(`const ${name}\\s*=\\s*'([^']*)'`, 'g')).map(({ m }) => m[1]!);
  expect(new Set(found).size, `${name} is defined once`).toBeLessThanOrEqual(1);
  return found[0];
}

describe('Firestore: the map and the collections the code writes', () => {
  const written = () => {
    // Where collections are named: constants (`…_COLLECTION = '…'`) and the lead kinds' table (`collection: '…'`).
    const named = [
      ...all(/const \w+_COLLECTION\s*=\s*'([^']+)'/g).map(({ m }) => m[1]!),
      ...all(/\bcollection: '([^']+)'/g).map(({ m }) => m[1]!),
    ];
    // Every write names its collection by one of those, so a write to a new collection cannot go unseen.
    const writes = all(/client\.(create|set|patch|delete)\(\s*([^,]+),/g).map(({ file, m }) => ({ file, arg: m[2]! }));
    // A commit of several creates names each document's collection the same way.
    const together = all(/client\.createAll\(\[([\s\S]*?)\]\)/g).flatMap(({ file, m }) =>
      [...m[1]!.matchAll(/\bcollection: ([^,}\s]+)/g)].map((c) => ({ file, arg: c[1]! })),
    );
    writes.push(...together);
    const unnamed = writes
      .map(({ file, arg }) => ({ file, arg: arg.trim() }))
      .filter(({ arg }) => !/^[A-Z_]+_COLLECTION$|^COLLECTIONS[.[]|^collection$/.test(arg));
    return { named, writes, together, unnamed };
  };

  it('finds the writes (the scan sees the adapters)', () => {
    expect(written().writes.length).toBeGreaterThan(10);
    expect(written().together.length).toBeGreaterThan(0);
  });

  it('names its collection by a constant in every write', () => {
    expect(written().unnamed).toEqual([]);
  });

  it('has a row for every collection the code names, and names no other', () => {
    const mapped = d1Places.flatMap((p) => (p.firestore ? [p.firestore] : []));
    expect([...new Set(written().named)].sort()).toEqual(mapped.sort());
  });
});

/** A KV key or R2 key prefix as the code builds it: a constant, a constant + more, or a helper's template. */
function keyOf(expression: string): string | undefined {
  const arg = expression.trim();
  const plus = /^([A-Z_]+)\s*\+/.exec(arg);
  if (plus) return constant(plus[1]!);
  const call = /^(\w+)\(/.exec(arg);
  if (call) return all(new RegExp(`const ${call[1]} = \\([^)]*\\) => \`([^$\`]*)\\$\\{`, 'g'))[0]?.m[1];
  if (/^[A-Za-z_]\w*$/.test(arg)) return constant(arg) ?? passedKeys(arg);
  return undefined;
}

/** A key a helper receives as a parameter: the constants its callers pass. */
function passedKeys(parameter: string): string | undefined {
  if (parameter !== 'lockKey') return undefined;
  const passed = all(/singleRefresh\(\s*[^,]+,\s*([A-Z_]+),/g).map(({ m }) => constant(m[1]!));
  return passed.join('|');
}

describe('KV and R2: the map and the keys the code writes', () => {
  // Every file that reaches the KV namespace or the R2 bucket, and each `.put(` in it.
  const touching = SOURCE.filter(([, text]) => /KVNamespace|R2Bucket|\.FEEDS\b|\.MEDIA\b|mediaBucket\(/.test(text));
  const puts = touching.flatMap(([file, text]) =>
    [...text.matchAll(/([\w.]+)\.put\(\s*([^,]+),/g)].map((m) => ({ file, receiver: m[1]!, key: m[2]! })),
  );
  const keysOf = (kind: 'kv' | 'r2') =>
    puts
      .filter((p) => (kind === 'kv' ? /(^|\.)(kv|FEEDS)$/ : /(^|\.)(bucket|MEDIA)$/).test(p.receiver))
      .flatMap((p) => (keyOf(p.key) ?? `unnamed in ${p.file}: ${p.key}`).split('|'));

  it('finds the writes, and knows each one for KV or R2', () => {
    expect(puts.length).toBeGreaterThan(4);
    expect(puts.filter((p) => !/(^|\.)(kv|FEEDS|bucket|MEDIA)$/.test(p.receiver))).toEqual([]);
  });

  it('has a row for every KV key the code writes, and for no other', () => {
    expect([...new Set(keysOf('kv'))].sort()).toEqual(namesOf('kv').sort());
  });

  it('has a row for every R2 prefix the code writes, and for no other', () => {
    expect([...new Set(keysOf('r2'))].sort()).toEqual(namesOf('r2').sort());
  });
});

/** The text of /privacy as a reader sees it: no tags, entities decoded, spaces single. */
async function privacyText(): Promise<string> {
  const html = await (await SELF.fetch('http://example.com/privacy')).text();
  return html
    .replace(/<[^>]+>/g, ' ')
    .replaceAll('&#x27;', "'")
    .replaceAll('&quot;', '"')
    .replaceAll('&amp;', '&')
    .replace(/\s+/g, ' ');
}

describe('/privacy and the map', () => {
  let text = '';
  beforeAll(async () => {
    text = await privacyText();
  });

  it('has words of /privacy for every place with personal data', () => {
    expect(personalPlaces().filter((p) => p.privacy.length === 0)).toEqual([]);
  });

  it.each(DATA_MAP.filter((p) => p.privacy.length > 0).map((p) => [p.name, p] as const))(
    'says what %s keeps, in the words the map gives',
    (_, place) => {
      for (const words of place.privacy) expect(text, `${place.name}: "${words}"`).toContain(words);
    },
  );
});

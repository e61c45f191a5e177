// The OpenAPI fuzz test (docs/security.md items 21, 34, 35): walks the document the
// server serves at /api/docs/json and sends, for every route and every parameter and body field,
// hostile values in place of a valid one: wrong types, empty, 1 MB strings, U+0000, unpaired
// surrogates, deep nesting, huge, negative and non-finite numbers, far dates, `__proto__` keys. It
// signs what can be signed, sends each route's cases as the caller its access policy lets through
// (a user, an operator, a stratum node) and a sample as the other callers too, and fails on any
// 5xx, a request that hangs, or a crash, naming the route, the field and the value.
//
// A new route is covered by being in the document. Each (route, field) pair gets at least one
// hostile value per run; the rest are sampled to keep the run within a minute. The seed is fixed
// in CI (FUZZ_SEED overrides it) and random otherwise, printed either way so a failure can be
// replayed: FUZZ_SEED=<seed> npx vitest run --project integration apps/server/test/fuzz-*.int.test.ts
//
// The cases are split between two test files (fuzz-1, fuzz-2: every other case of the same list),
// each with its own server, so the suite's parallel files share the run: whole, it was the longest
// test of the integration suite (200 s with the machine loaded) and ran into its 300 s limit.
import { randomBytes, randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { SIGN_HEADERS, type Tokens } from '@hashpool/shared';
import { sql } from 'drizzle-orm';
import { queryRows } from '../src/db/client';
import { signParams } from '../src/platform/signature';
import { auth, inject, registerByEmail } from './account-helpers';
import { SmtpInbox } from './smtp-inbox';
import { body, startTestApp, type TestApp } from './test-app';

const CI = process.env.CI === 'true' || process.env.CI === '1';
const SEED = Number(process.env.FUZZ_SEED ?? (CI ? 20261125 : randomBytes(4).readUInt32BE()));
/** Requests per run at most (the guaranteed one per route and field come first). */
const BUDGET = Number(process.env.FUZZ_BUDGET ?? 5000);
/** A request slower than this counts as a hang: the answer must not grow with what was sent. */
const SLOW_MS = 10_000;
const KEY = 'ingest-key-for-fuzzing-0123456789';
const OPERATOR = 'fuzz-operator@example.com';
const ALEO = 'aleo1' + 'q'.repeat(58);

// ---- hostile values --------------------------------------------------------------------------

const deep = (levels: number): string => '{"a":'.repeat(levels) + '1' + '}'.repeat(levels);
const MEGABYTE = 'a'.repeat(1 << 20);

/** A value in place of a field. `raw` is JSON text put in as is (what JSON.stringify cannot make). */
interface Hostile {
  name: string;
  value?: unknown;
  raw?: string;
}
const HOSTILE: Hostile[] = [
  { name: 'number', value: 12345 },
  { name: 'negative', value: -1 },
  { name: 'negative text', value: '-1' },
  { name: 'zero', value: 0 },
  { name: 'huge number', value: 1e308 },
  { name: '2^31', value: 2147483648 },
  { name: '2^31 text', value: '2147483648' },
  { name: '20 nines', value: '99999999999999999999' },
  { name: '80 digits', value: '9'.repeat(80) },
  { name: 'tiny fraction', value: '0.000000000000000000001' },
  { name: 'NaN text', value: 'NaN' },
  { name: 'Infinity text', value: 'Infinity' },
  { name: '1e400 text', value: '1e400' },
  { name: 'hex', value: '0x10' },
  { name: 'true', value: true },
  { name: 'null', value: null },
  { name: 'empty array', value: [] },
  { name: 'empty object', value: {} },
  { name: 'array of strings', value: ['a', 'b'] },
  { name: 'empty string', value: '' },
  { name: 'spaces', value: '   ' },
  { name: 'U+0000', value: 'a\u0000b' },
  { name: 'control characters', value: 'a\tb\nc\u001b' },
  { name: 'unpaired surrogate', raw: '"\\ud800"' },
  { name: 'unpaired low surrogate', raw: '"x\\udfffy"' },
  { name: '1 MB string', value: MEGABYTE },
  { name: 'astral string', value: '𝕳'.repeat(2000) },
  { name: 'right-to-left override', value: '\u202egnp.exe' },
  { name: 'year 0', value: '0000-01-01' },
  { name: 'year 9999', value: '9999-12-31' },
  { name: 'far past time', value: '-271821-04-20T00:00:00Z' },
  { name: 'far future time', value: '+275760-09-13T00:00:00.000Z' },
  { name: 'SQL', value: "' OR 1=1 --" },
  { name: 'HTML', value: '<script>alert(1)</script>' },
  { name: 'path traversal', value: '../../../../etc/passwd' },
  { name: '__proto__ object', raw: '{"__proto__":{"polluted":true}}' },
  { name: 'constructor.prototype', raw: '{"constructor":{"prototype":{"polluted":true}}}' },
  { name: 'nested 5,000 deep', raw: deep(5000) },
  { name: 'array of 100,000', raw: `[${'1,'.repeat(99_999)}1]` },
];
/** In the URL: text only (the query and the path hold strings). */
const HOSTILE_TEXT: Array<{ name: string; text: string }> = [
  { name: 'empty', text: '' },
  { name: 'U+0000', text: '%00' },
  { name: 'U+0000 inside', text: 'a%00b' },
  { name: 'bad UTF-8', text: '%ED%A0%80' },
  { name: 'broken escape', text: '%E0%A4%A' },
  { name: 'negative', text: '-1' },
  { name: 'huge', text: '99999999999999999999' },
  { name: '2^31', text: '2147483648' },
  { name: 'NaN', text: 'NaN' },
  { name: 'Infinity', text: 'Infinity' },
  { name: 'year 0', text: '0000-01-01' },
  { name: 'year 9999', text: '9999-12-31' },
  { name: 'far time', text: '%2B275760-09-13T00%3A00%3A00Z' },
  { name: 'SQL', text: '%27%20OR%201%3D1%20--' },
  { name: 'traversal', text: '..%2F..%2Fetc%2Fpasswd' },
  { name: '__proto__', text: '__proto__' },
  { name: '64 KB', text: 'a'.repeat(64 * 1024) },
  { name: 'control characters', text: '%09%0A%1B' },
];
/** Whole bodies in place of a route's body. */
const HOSTILE_BODIES: Array<{ name: string; raw: string; type?: string }> = [
  { name: 'array body', raw: '[]' },
  { name: 'string body', raw: '"x"' },
  { name: 'number body', raw: '1e308' },
  { name: 'null body', raw: 'null' },
  { name: 'not JSON', raw: '{"a":' },
  { name: '__proto__ body', raw: '{"__proto__":{"polluted":true}}' },
  { name: 'constructor body', raw: '{"constructor":{"prototype":{"polluted":true}}}' },
  { name: 'deep body', raw: deep(5000) },
  { name: 'body over the limit', raw: `{"a":"${'a'.repeat(1_100_000)}"}` },
  { name: 'text/plain body', raw: '{"a":1}', type: 'text/plain' },
  { name: 'form body', raw: 'a=1&b=2', type: 'application/x-www-form-urlencoded' },
];

// ---- valid values from the document's JSON Schemas ---------------------------------------------

type Schema = {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  pattern?: string;
  format?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  minItems?: number;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  default?: unknown;
};

/** An arbitrary of values the schema accepts (as far as a JSON Schema can say; refinements aside). */
function arbitraryOf(s: Schema): fc.Arbitrary<unknown> {
  if (s.const !== undefined) return fc.constant(s.const);
  if (s.enum) return fc.constantFrom(...s.enum);
  const variants = s.anyOf ?? s.oneOf;
  if (variants) return fc.oneof(...variants.filter((v) => v.type !== 'null').map(arbitraryOf));
  if (s.allOf?.length) return arbitraryOf(s.allOf[0]!);
  const type = Array.isArray(s.type) ? s.type.find((t) => t !== 'null') : s.type;
  switch (type) {
    case 'string':
      if (s.format === 'uuid') return fc.uuid({ version: 4 });
      if (s.format === 'date-time') return fc.constant('2026-05-31T12:00:00.000Z');
      if (s.format === 'date') return fc.constant('2026-05-31');
      if (s.format === 'email') return fc.constant('someone@example.com');
      if (s.pattern) {
        try {
          // `^[…]+$` with a long minLength (a 16-character state) would almost never be drawn long
          // enough, and the filter would spin for ever: give the repetition the length bounds.
          const min = s.minLength ?? 0;
          const max = Math.max(min, Math.min(s.maxLength ?? 200, min + 64));
          const pattern = s.pattern.replace(/^(\^(?:\[[^\]]*\]|\\[a-zA-Z]|\.))[+*](\$)$/, `$1{${min},${max}}$2`);
          return fc.stringMatching(new RegExp(pattern)).filter((x) => x.length >= min && x.length <= (s.maxLength ?? 200));
        } catch {
          // a pattern fast-check cannot generate from (lookaheads): a plain value, refused or not
        }
      }
      {
        const minLength = Math.max(1, s.minLength ?? 1);
        return fc.string({ minLength, maxLength: Math.max(minLength, Math.min(s.maxLength ?? 12, minLength + 12)), unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz0123456789') });
      }
    case 'integer':
    case 'number': {
      // A small range inside the schema's: 1..100 where it allows, its own ends where it does not.
      const low = Math.min(Math.max(s.minimum ?? s.exclusiveMinimum ?? 1, 1), s.maximum ?? Infinity);
      const high = Math.max(low, Math.min(s.maximum ?? 100, low + 99));
      const arb = type === 'integer' ? fc.integer({ min: Math.ceil(low), max: Math.floor(high) }) : fc.double({ min: low, max: high, noNaN: true, noDefaultInfinity: true });
      return arb.filter((n) => s.exclusiveMinimum === undefined || n > s.exclusiveMinimum);
    }
    case 'boolean':
      return fc.boolean();
    case 'array':
      return fc.array(s.items ? arbitraryOf(s.items) : fc.constant('x'), { minLength: Math.max(1, s.minItems ?? 1), maxLength: Math.max(1, s.minItems ?? 1) });
    case 'object': {
      const props = s.properties ?? {};
      const required = new Set(s.required ?? []);
      const record: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [k, v] of Object.entries(props)) record[k] = arbitraryOf(v);
      return fc.record(record, { requiredKeys: Object.keys(props).filter((k) => required.has(k)) });
    }
    default:
      return fc.constant('x');
  }
}

// ---- the cases -------------------------------------------------------------------------------

type Caller = 'anonymous' | 'user' | 'operator' | 'node';
interface Route {
  method: string;
  path: string;
  policy: string;
  pathParams: Array<{ name: string; schema: Schema }>;
  queryParams: Array<{ name: string; schema: Schema; required: boolean }>;
  headerParams: Array<{ name: string; schema: Schema }>;
  body: Schema | undefined;
}
interface Case {
  route: Route;
  caller: Caller;
  /** What was made hostile, for the report. */
  where: string;
  what: string;
  path: Record<string, string>;
  query: Record<string, string>;
  /** The body as JSON text, or null for none. */
  bodyText: string | null;
  bodyType?: string;
  headers: Record<string, string>;
  /** The body as an object, when it can be signed. */
  signable: Record<string, unknown> | null;
}

// One run's state, made afresh by setUp: the integration project shares a worker's modules
// between its files (vitest.config.ts, isolate: false), so fuzz-1 and fuzz-2 can meet the same
// module, and the second must not find the first one's closed inbox (its SMTP server then answers
// "421 Server shutting down") or its routes.
let t: TestApp;
let inbox: SmtpInbox;
const people: Record<'user' | 'operator', { id: string; account: string; tokens?: Tokens }> = {} as never;
let routes: Route[] = [];

/** A test app with a user and an operator, and the routes of its OpenAPI document. */
async function setUp(): Promise<void> {
  console.warn(`fuzz seed: ${SEED} (replay with FUZZ_SEED=${SEED})`);
  inbox = new SmtpInbox();
  routes = [];
  t = await startTestApp({ env: { SMTP_URL: await inbox.start(), ALTCHA_COST: '1', INGEST_KEYS: KEY, ADMIN_EMAILS: OPERATOR } });
  t.clock.set('2026-06-01T12:00:00Z');
  for (const [who, email] of [['user', undefined], ['operator', OPERATOR]] as const) {
    const u = await registerByEmail(t.app, inbox, email);
    const mine = body<{ id: string; current_account: { name: string } }>(await inject(t.app, { url: '/api/users/mine', headers: auth(u.tokens) })).data;
    const [row] = await queryRows<{ id: string }>(t.database.db, sql`select id from users where email = ${u.email}`);
    people[who] = { id: row!.id, account: mine.current_account.name };
  }
  const doc = JSON.parse((await t.app.inject({ url: '/api/docs/json' })).body) as { paths: Record<string, Record<string, { parameters?: Array<{ in: string; name: string; required?: boolean; schema: Schema }>; requestBody?: { content?: Record<string, { schema: Schema }> } }>> };
  const policies = new Map(t.app.routeRecords.map((r) => [`${r.method} ${r.url}`, r.access?.kind ?? 'none']));
  for (const [path, ops] of Object.entries(doc.paths)) {
    if (path.startsWith('/api/docs')) continue;
    for (const [method, op] of Object.entries(ops)) {
      const params = op.parameters ?? [];
      const fastifyPath = path.replace(/\{(\w+)\}/g, ':$1');
      routes.push({
        method: method.toUpperCase(),
        path,
        policy: policies.get(`${method.toUpperCase()} ${fastifyPath}`) ?? 'none',
        pathParams: params.filter((p) => p.in === 'path').map((p) => ({ name: p.name, schema: p.schema })),
        queryParams: params.filter((p) => p.in === 'query').map((p) => ({ name: p.name, schema: p.schema, required: !!p.required })),
        headerParams: params.filter((p) => p.in === 'header').map((p) => ({ name: p.name, schema: p.schema })),
        body: op.requestBody?.content?.['application/json']?.schema,
      });
    }
  }
  routes = routes.sort((a, b) => `${a.path} ${a.method}`.localeCompare(`${b.path} ${b.method}`));
}

async function tearDown(): Promise<void> {
  await t?.close();
  await inbox?.stop();
}

/** The caller whose requests get past the route's access policy, so the values reach the schemas and handlers. */
function primaryCaller(route: Route): Caller {
  if (route.policy === 'internal') return 'node';
  if (route.policy === 'admin') return 'operator';
  if (route.policy === 'public') return 'anonymous';
  return 'user';
}

/** Known-good values where a random one would stop every request at a lookup (404) before the handler. */
function goodPathValue(route: Route, name: string, schema: Schema, caller: Caller, rng: () => number): string {
  const addressMining = route.path.startsWith('/api/address-mining');
  switch (name) {
    case 'pool':
      return 'btc';
    case 'coin':
      return addressMining ? 'aleo' : 'btc';
    case 'account':
      return caller === 'operator' ? people.operator.account : people.user.account;
    case 'address':
      return ALEO;
    case 'worker':
    case 'miner':
      return 'rig1';
    case 'day':
      return '2026-05-31';
    default:
      return String(fc.sample(arbitraryOf(schema), { seed: Math.floor(rng() * 2 ** 31), numRuns: 1 })[0]);
  }
}

function sample<T>(arb: fc.Arbitrary<T>, rng: () => number): T {
  return fc.sample(arb, { seed: Math.floor(rng() * 2 ** 31), numRuns: 1 })[0]!;
}

/** A valid body for the route, with a known-good share for the ingest endpoint. */
function goodBody(route: Route, rng: () => number): Record<string, unknown> | null {
  if (!route.body) return null;
  if (route.path === '/api/internal/shares') {
    return { batch_id: `fuzz-${randomUUID()}`, shares: [{ coin: 'btc', account: people.user.account, worker: 'rig1', difficulty: 1, result: 'accepted', ip: '203.0.113.5', time: t.clock.now().getTime() }] };
  }
  const value = sample(arbitraryOf(route.body), rng);
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

/** JSON text of `base` with the field at `path` replaced by the hostile value. */
function withField(base: Record<string, unknown>, path: string[], hostile: Hostile): string {
  const marker = `__fuzz_${randomUUID()}__`;
  const copy = structuredClone(base);
  let at: Record<string, unknown> = copy;
  for (const key of path.slice(0, -1)) {
    const next = at[key];
    if (!next || typeof next !== 'object') at[key] = {};
    at = at[key] as Record<string, unknown>;
  }
  at[path[path.length - 1]!] = marker;
  return JSON.stringify(copy).replace(`"${marker}"`, hostile.raw ?? JSON.stringify(hostile.value));
}

/** Fields of a body schema down to two levels (arrays of objects through their first item). */
function bodyFields(schema: Schema, prefix: string[] = [], depth = 0): string[][] {
  const out: string[][] = [];
  for (const [name, prop] of Object.entries(schema.properties ?? {})) {
    const path = [...prefix, name];
    out.push(path);
    if (depth >= 1) continue;
    const inner = prop.type === 'array' ? prop.items : prop;
    if (inner?.properties) out.push(...bodyFields(inner, prop.type === 'array' ? [...path, '0'] : path, depth + 1));
  }
  return out;
}

/**
 * The cases: the guaranteed ones built now, the optional ones as recipes built only when drawn for
 * the run (building all of them, a fast-check body each, took longer than sending the drawn ones).
 */
function buildCases(rng: () => number): { guaranteed: Case[]; optional: Array<() => Case> } {
  const guaranteed: Case[] = [];
  const optional: Array<() => Case> = [];
  const pick = <T>(list: T[]): T => list[Math.floor(rng() * list.length)]!;
  const shuffled = <T>(list: T[]): T[] => list.map((v) => [rng(), v] as const).sort((a, b) => a[0] - b[0]).map(([, v]) => v);

  for (const route of routes) {
    const primary = primaryCaller(route);
    const base = (caller: Caller): Omit<Case, 'where' | 'what'> => {
      const path = Object.fromEntries(route.pathParams.map((p) => [p.name, encodeURIComponent(goodPathValue(route, p.name, p.schema, caller, rng))]));
      const query = Object.fromEntries(route.queryParams.filter((p) => p.required || rng() < 0.5).map((p) => [p.name, encodeURIComponent(String(sample(arbitraryOf(p.schema), rng)))]));
      const good = goodBody(route, rng);
      const headers = Object.fromEntries(route.headerParams.map((p) => [p.name, `fuzz-${randomUUID()}`]));
      return { route, caller, path, query, bodyText: good ? JSON.stringify(good) : route.method === 'GET' ? null : '{}', headers, signable: good ?? {} };
    };
    /** The first of each kind is guaranteed; the others wait as recipes. */
    const add = (first: boolean, make: () => Case) => (first ? guaranteed.push(make()) : optional.push(make));

    // The route as it is meant to be called, by each caller.
    for (const caller of ['anonymous', 'user', 'operator'] as const) add(true, () => ({ ...base(caller), where: '-', what: 'valid request' }));

    // Every path and query parameter: one hostile text guaranteed, the rest sampled.
    const urlFields = [...route.pathParams.map((p) => ({ kind: 'path' as const, name: p.name })), ...route.queryParams.map((p) => ({ kind: 'query' as const, name: p.name }))];
    for (const field of urlFields) {
      shuffled(HOSTILE_TEXT).forEach((h, i) =>
        add(i === 0, () => {
          const c = base(primary);
          if (field.kind === 'path') c.path[field.name] = h.text;
          else c.query[field.name] = h.text;
          return { ...c, where: `${field.kind}.${field.name}`, what: h.name };
        }),
      );
    }
    for (const header of route.headerParams) {
      for (const [i, text] of ['', 'x', 'a'.repeat(8192), "' OR 1=1 --", '../../etc'].entries()) {
        add(i === 0, () => {
          const c = base(primary);
          c.headers[header.name] = text;
          return { ...c, where: `header.${header.name}`, what: JSON.stringify(text.slice(0, 20)) };
        });
      }
    }
    // Every body field, down to two levels.
    if (route.body) {
      for (const field of bodyFields(route.body)) {
        shuffled(HOSTILE).forEach((h, i) =>
          add(i === 0, () => {
            const c = base(primary);
            const good = (c.signable ?? {}) as Record<string, unknown>;
            const text = withField(good, field, h);
            let signable: Record<string, unknown> | null;
            try {
              signable = JSON.parse(text) as Record<string, unknown>;
            } catch {
              signable = null; // unparseable here too (deep nesting): sent unsigned
            }
            return { ...c, bodyText: text, signable, where: `body.${field.join('.')}`, what: h.name };
          }),
        );
      }
    }
    if (route.method !== 'GET') {
      shuffled(HOSTILE_BODIES).forEach((h, i) => add(i < 2, () => ({ ...base(primary), bodyText: h.raw, ...(h.type ? { bodyType: h.type } : {}), signable: null, where: 'body', what: h.name })));
    }
    // A sample of the hostile cases as the callers the policy does not expect.
    for (const caller of (['anonymous', 'user', 'operator'] as const).filter((c) => c !== primary)) {
      const fields = route.body ? bodyFields(route.body) : [];
      if (fields.length) {
        add(false, () => {
          const c = base(caller);
          const h = pick(HOSTILE);
          const field = pick(fields);
          const text = withField((c.signable ?? {}) as Record<string, unknown>, field, h);
          return { ...c, bodyText: text, signable: null, where: `body.${field.join('.')}`, what: `${h.name} as ${caller}` };
        });
      }
    }
  }
  return { guaranteed, optional: shuffled(optional) };
}

// ---- sending ---------------------------------------------------------------------------------

/** Fresh tokens for a caller: a case may log its session out or change its password. */
async function tokensFor(caller: 'user' | 'operator'): Promise<Tokens> {
  const person = people[caller];
  // The account may have been cancelled or closed by a case that got through: it is made active
  // again so that the rest of the run still reaches the handlers as this caller.
  await t.database.db.execute(sql`update users set status = 'active', cancel_requested_at = null where id = ${person.id} and status <> 'active'`);
  person.tokens = await t.app.modules.accounts.sessions.login(person.id, { ip: '127.0.0.1', userAgent: 'fuzz', deviceHash: null });
  return person.tokens;
}

function urlOf(c: Case): string {
  const path = c.route.path.replace(/\{(\w+)\}/g, (_, name: string) => c.path[name] ?? 'x');
  const query = Object.entries(c.query).map(([k, v]) => `${k}=${v}`).join('&');
  return query ? `${path}?${query}` : path;
}

function signatureHeaders(c: Case): Record<string, string> {
  const timestamp = String(Math.floor(t.clock.now().getTime() / 1000));
  const nonce = randomBytes(16).toString('hex');
  let sign = 'ab'.repeat(32); // well-formed, wrong: for what cannot be signed
  try {
    const query: Record<string, string> = {};
    for (const [k, v] of Object.entries(c.query)) query[k] = decodeURIComponent(v);
    sign = signParams(t.app.config.REQUEST_SIGN_KEY, { ...query, ...(c.signable ?? {}), timestamp, nonce });
  } catch {
    // unpaired surrogates, bad escapes or depth: the server must refuse these before it signs anything
  }
  return { [SIGN_HEADERS.timestamp]: timestamp, [SIGN_HEADERS.nonce]: nonce, [SIGN_HEADERS.signature]: sign };
}

async function hostileValues(part: number, parts: number): Promise<void> {
  let state = SEED >>> 0 || 1;
  const rng = () => {
    // xorshift32: the same cases for the same seed
    state ^= state << 13;
    state >>>= 0;
    state ^= state >>> 17;
    state ^= state << 5;
    state >>>= 0;
    return state / 2 ** 32;
  };
  const { guaranteed, optional } = buildCases(rng);
  const all = [...guaranteed, ...optional.slice(0, Math.max(0, BUDGET - guaranteed.length)).map((make) => make())];
  const cases = all.filter((_, i) => i % parts === part);
  const failures: string[] = [];
  const started = Date.now();
  let lastRoute = '';
  const tokens: Partial<Record<Caller, Tokens>> = {};
  const statuses = new Map<number, number>();
  for (const c of cases) {
    const key = `${c.route.method} ${c.route.path}`;
    if (key !== lastRoute) {
      tokens.user = await tokensFor('user');
      tokens.operator = await tokensFor('operator');
      lastRoute = key;
    }
    const headers: Record<string, string> = { ...c.headers, ...signatureHeaders(c) };
    if (c.caller === 'user' || c.caller === 'operator') headers.authorization = `Bearer ${tokens[c.caller]!.token}`;
    if (c.caller === 'node') headers['x-ingest-key'] = KEY;
    if (c.bodyText !== null) headers['content-type'] = c.bodyType ?? 'application/json';
    const label = `${key} ${c.where} = ${c.what} (as ${c.caller})`;
    const began = Date.now();
    try {
      const res = await t.app.inject({ method: c.route.method as 'GET', url: urlOf(c), headers, ...(c.bodyText !== null ? { payload: c.bodyText } : {}), remoteAddress: `10.9.${Math.floor(rng() * 255)}.${1 + Math.floor(rng() * 254)}` });
      statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
      if (res.statusCode >= 500) failures.push(`${label}: ${res.statusCode} ${res.body.slice(0, 200)}`);
    } catch (error) {
      failures.push(`${label}: the request threw ${(error as Error).message.slice(0, 200)}`);
    }
    const took = Date.now() - began;
    if (took > SLOW_MS) failures.push(`${label}: took ${took} ms`);
  }
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  console.warn(`fuzz, part ${part + 1} of ${parts}: ${cases.length} of ${all.length} requests (${guaranteed.length} guaranteed, of ${guaranteed.length + optional.length}) on ${routes.length} routes in ${seconds} s, seed ${SEED}; answers ${[...statuses].sort((a, b) => a[0] - b[0]).map(([s, n]) => `${s}: ${n}`).join(', ')}`);
  expect(routes.length).toBeGreaterThan(100);
  expect(failures, `seed ${SEED}:\n${failures.join('\n')}`).toEqual([]);
}

// ---- form and multipart bodies, and the OIDC endpoints ---------------------------------------
// The OpenAPI document lists JSON bodies; the provider's endpoints (node-oidc-provider, mounted
// under /api/oidc) are not in it and take form posts, and the upload routes take multipart. Each
// field of each gets every hostile form value, with and without client authentication; every
// upload route gets every hostile multipart body, as its caller. None may answer a 5xx or hang.

const OIDC_FORMS: Array<{ method: 'GET' | 'POST'; url: string; fields: string[] }> = [
  { method: 'POST', url: '/api/oidc/token', fields: ['grant_type', 'code', 'redirect_uri', 'code_verifier', 'refresh_token', 'client_id', 'client_secret', 'scope', 'resource'] },
  { method: 'POST', url: '/api/oidc/token/revocation', fields: ['token', 'token_type_hint', 'client_id'] },
  { method: 'POST', url: '/api/oidc/token/introspection', fields: ['token', 'token_type_hint'] },
  { method: 'POST', url: '/api/oidc/me', fields: ['access_token'] },
  { method: 'GET', url: '/api/oidc/me', fields: ['access_token'] },
  { method: 'GET', url: '/api/oidc/auth', fields: ['client_id', 'redirect_uri', 'response_type', 'scope', 'state', 'nonce', 'code_challenge', 'code_challenge_method', 'prompt', 'request'] },
  { method: 'POST', url: '/api/oidc/auth', fields: ['client_id', 'redirect_uri', 'response_type', 'scope', 'state', 'code_challenge'] },
  { method: 'GET', url: '/api/oidc/session/end', fields: ['id_token_hint', 'post_logout_redirect_uri', 'state', 'client_id'] },
];
/** Form values as they go on the wire (already percent-encoded where it matters). */
const HOSTILE_FORM_VALUES: Array<{ name: string; encoded: string }> = [
  { name: 'U+0000', encoded: 'a%00b' },
  { name: 'only U+0000', encoded: '%00' },
  { name: 'unpaired surrogate (CESU bytes)', encoded: '%ED%A0%80' },
  { name: 'invalid UTF-8', encoded: '%FF%FE' },
  { name: 'bad escape', encoded: '%zz%' },
  { name: 'empty', encoded: '' },
  { name: '4 KB', encoded: 'a'.repeat(4096) },
  { name: '60 KB (over the provider limit)', encoded: 'a'.repeat(60 * 1024) },
  { name: 'control characters', encoded: '%01%02%1B%7F' },
  { name: 'JSON', encoded: encodeURIComponent('{"a":[1,2,{"b":null}]}') },
  { name: 'URL', encoded: encodeURIComponent('javascript:alert(1)') },
];
const HOSTILE_FORM_SHAPES: Array<{ name: string; body: (field: string) => string }> = [
  { name: 'repeated field', body: (f) => `${f}=a&${f}=b` },
  { name: '__proto__ key', body: () => '__proto__=x&constructor[prototype][x]=1' },
  { name: 'bracket nesting', body: (f) => `${f}${'[a]'.repeat(50)}=1` },
  { name: 'no value', body: (f) => f },
  { name: '1000 fields', body: () => Array.from({ length: 1000 }, (_, i) => `f${i}=${i}`).join('&') },
];

const HOSTILE_MULTIPART: Array<{ name: string; contentType: (b: string) => string; body: (b: string) => Buffer }> = [
  { name: 'NUL in the file name', contentType: (b) => `multipart/form-data; boundary=${b}`, body: (b) => Buffer.from(`--${b}\r\nContent-Disposition: form-data; name="file"; filename="a\u0000.png"\r\nContent-Type: image/png\r\n\r\nxx\r\n--${b}--\r\n`) },
  { name: '10 KB file name', contentType: (b) => `multipart/form-data; boundary=${b}`, body: (b) => Buffer.from(`--${b}\r\nContent-Disposition: form-data; name="file"; filename="${'a'.repeat(10_000)}.png"\r\n\r\nxx\r\n--${b}--\r\n`) },
  { name: 'no closing boundary', contentType: (b) => `multipart/form-data; boundary=${b}`, body: (b) => Buffer.from(`--${b}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\n${'x'.repeat(1000)}`) },
  { name: 'boundary missing from the header', contentType: () => 'multipart/form-data', body: (b) => Buffer.from(`--${b}\r\n\r\nxx\r\n--${b}--\r\n`) },
  { name: 'wrong boundary', contentType: (b) => `multipart/form-data; boundary=${b}x`, body: (b) => Buffer.from(`--${b}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\nxx\r\n--${b}--\r\n`) },
  { name: 'a field, no file', contentType: (b) => `multipart/form-data; boundary=${b}`, body: (b) => Buffer.from(`--${b}\r\nContent-Disposition: form-data; name="note"\r\n\r\nhello\r\n--${b}--\r\n`) },
  { name: 'twenty files', contentType: (b) => `multipart/form-data; boundary=${b}`, body: (b) => Buffer.from(Array.from({ length: 20 }, (_, i) => `--${b}\r\nContent-Disposition: form-data; name="file"; filename="${i}.png"\r\n\r\nxx\r\n`).join('') + `--${b}--\r\n`) },
  { name: 'headers without a name', contentType: (b) => `multipart/form-data; boundary=${b}`, body: (b) => Buffer.from(`--${b}\r\nContent-Disposition: form-data\r\n\r\nxx\r\n--${b}--\r\n`) },
  { name: 'empty body', contentType: (b) => `multipart/form-data; boundary=${b}`, body: () => Buffer.alloc(0) },
  { name: 'garbage', contentType: (b) => `multipart/form-data; boundary=${b}`, body: () => randomBytes(4096) },
];

async function hostileForms(): Promise<void> {
  const failures: string[] = [];
  let sent = 0;
  const send = async (label: string, options: { method: 'GET' | 'POST'; url: string; headers?: Record<string, string>; payload?: string | Buffer }) => {
    const began = Date.now();
    sent++;
    try {
      const res = await t.app.inject({ ...options, remoteAddress: `10.8.${sent % 250}.${1 + (sent % 253)}` });
      if (res.statusCode >= 500) failures.push(`${label}: ${res.statusCode} ${res.body.slice(0, 200)}`);
    } catch (error) {
      failures.push(`${label}: the request threw ${(error as Error).message.slice(0, 200)}`);
    }
    if (Date.now() - began > SLOW_MS) failures.push(`${label}: took ${Date.now() - began} ms`);
  };
  const basic = `Basic ${Buffer.from('unknown-client:not-its-secret').toString('base64')}`;
  const form = 'application/x-www-form-urlencoded';
  for (const route of OIDC_FORMS) {
    const bodies = [
      ...route.fields.flatMap((field) => HOSTILE_FORM_VALUES.map((h) => ({ what: `${field} = ${h.name}`, text: `${field}=${h.encoded}` }))),
      ...HOSTILE_FORM_SHAPES.map((h) => ({ what: h.name, text: h.body(route.fields[0]!) })),
    ];
    for (const b of bodies) {
      for (const authorization of [undefined, basic]) {
        const label = `${route.method} ${route.url} ${b.what}${authorization ? ' (client auth)' : ''}`;
        if (route.method === 'GET') await send(label, { method: 'GET', url: `${route.url}?${b.text}`, ...(authorization ? { headers: { authorization } } : {}) });
        else await send(label, { method: 'POST', url: route.url, headers: { 'content-type': form, ...(authorization ? { authorization } : {}) }, payload: b.text });
      }
    }
  }
  // The upload routes, found in the document by their multipart body, as the caller their policy lets in.
  const doc = JSON.parse((await t.app.inject({ url: '/api/docs/json' })).body) as { paths: Record<string, Record<string, { requestBody?: { content?: Record<string, unknown> } }>> };
  const uploads = Object.entries(doc.paths).flatMap(([path, ops]) => Object.entries(ops).filter(([, op]) => op.requestBody?.content?.['multipart/form-data']).map(([method]) => ({ method: method.toUpperCase(), path })));
  const uploadPaths = new Set(uploads.map((u) => u.path));
  // Routes that read multipart themselves without declaring it are named here so they are not missed.
  for (const path of ['/api/tickets/attachments', '/api/contracts/orders/{id}/certificate', '/api/admin/content/images']) if (!uploadPaths.has(path)) uploads.push({ method: 'POST', path });
  expect(uploads.length).toBeGreaterThanOrEqual(3);
  for (const upload of uploads) {
    const policy = t.app.routeRecords.find((r) => r.method === upload.method && r.url === upload.path.replace(/\{(\w+)\}/g, ':$1'))?.access?.kind ?? 'none';
    const caller = policy === 'admin' ? 'operator' : 'user';
    const url = upload.path.replace(/\{(\w+)\}/g, randomUUID());
    for (const h of HOSTILE_MULTIPART) {
      const boundary = `----fuzz${randomBytes(6).toString('hex')}`;
      const tokens = await tokensFor(caller);
      const timestamp = String(Math.floor(t.clock.now().getTime() / 1000));
      const nonce = randomBytes(16).toString('hex');
      const sign = signParams(t.app.config.REQUEST_SIGN_KEY, { timestamp, nonce });
      await send(`${upload.method} ${upload.path} ${h.name} (as ${caller})`, {
        method: upload.method as 'POST',
        url,
        headers: { 'content-type': h.contentType(boundary), authorization: `Bearer ${tokens.token}`, [SIGN_HEADERS.timestamp]: timestamp, [SIGN_HEADERS.nonce]: nonce, [SIGN_HEADERS.signature]: sign },
        payload: h.body(boundary),
      });
    }
  }
  console.warn(`fuzz (forms, multipart, OIDC): ${sent} requests on ${OIDC_FORMS.length} OIDC endpoints and ${uploads.length} upload routes`);
  expect(failures, failures.join('\n')).toEqual([]);
}

/**
 * Registers the suite in a test file: its server and callers, every `parts`th case of the list
 * from the `part`th on, and (`forms`) the forms, multipart and OIDC test.
 */
export function fuzzSuite({ part, parts, forms }: { part: number; parts: number; forms: boolean }): void {
  beforeAll(setUp, 120_000);
  afterAll(tearDown);
  it(`no route answers a hostile value with a 5xx, a hang or a crash (cases ${part + 1} of ${parts})`, () => hostileValues(part, parts), 300_000);
  if (forms) it('no form or multipart body, and no OIDC endpoint, answers a hostile value with a 5xx or a hang', hostileForms, 300_000);
}

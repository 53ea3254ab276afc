import { eq } from 'drizzle-orm';
import { createGeneratorSync, type JsonSchema } from 'json-schema-faker';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { users } from '../db/schema/index.js';
import { createMatchWorld, registeredUser } from '../test/match-fixtures.js';
import { multipartFile } from '../test/multipart.js';
import { signIn, TEST_ORIGIN, type TestApp, type TestUser } from '../test/test-app.js';

/**
 * Every operation of the API, fuzzed the way a new user's mistakes and an attacker's probes
 * would reach it: requests generated from the OpenAPI document's own schemas (json-schema-faker,
 * seeded: FUZZ_SEED=<n> replays a run), then mutations of them (wrong types, missing and extra
 * fields, NUL characters, huge strings and numbers, deeply nested values) in the path, the query
 * and the body, sent as a visitor, as a signed-in member and, where a member is refused, as an
 * administrator. Bad input is the client's fault: any 5xx fails the test, naming the request.
 * FUZZ_TIMING=1 prints the time each operation took.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20261125);

interface Parameter {
  name: string;
  in: string;
  required?: boolean;
  schema?: JsonSchema;
}

interface Operation {
  method: string;
  /** The OpenAPI path, with {name} placeholders. */
  path: string;
  pathParams: Parameter[];
  query: Parameter[];
  body?: JsonSchema;
  /** Better Auth's endpoints carry no schema in the document: they get a generic body. */
  untyped: boolean;
}

interface Sample {
  path: Record<string, string>;
  query: Record<string, unknown>;
  body?: unknown;
}

interface FuzzRequest {
  what: string;
  method: string;
  url: string;
  headers?: Record<string, string>;
  /** The body as sent: JSON text unless a content type says otherwise. */
  payload?: string | Buffer;
}

interface Failure {
  operation: string;
  caller: string;
  request: FuzzRequest;
  status: number;
  body: string;
}

type Caller = { name: 'visitor' | 'member' | 'admin'; cookie?: string };

const NUL_TEXT = 'fuzz\u0000text';
const HUGE_TEXT = 'x'.repeat(200_000);
const DEEP_JSON = '{"a":'.repeat(5000) + '1' + '}'.repeat(5000);
/** Stands in for a value that is spliced into the JSON text afterwards (deep nesting cannot be serialised). */
const DEEP_MARK = '@@deeply-nested@@';

/** A body for Better Auth's endpoints, which the document does not describe: the fields they read. */
const AUTH_BODY = {
  email: 'fuzz@example.com',
  password: 'secret123',
  name: 'Fuzz',
  newPassword: 'secret456',
  currentPassword: 'secret123',
  token: 'token',
  callbackURL: '/',
  provider: 'google',
  newEmail: 'fuzz2@example.com',
  sessionToken: 'token',
  providerId: 'credential',
  accountId: 'account',
};

let t: TestApp;
let admin: TestUser;
let member: TestUser;
let other: TestUser;
const known = { trailId: '', matchId: '' };

/** A member with a complete profile and a verified address: the fuzz should reach as far as matching. */
async function verifiedMember(email: string): Promise<TestUser> {
  const user = await registeredUser(t, email);
  await t.database.db.update(users).set({ emailVerified: true }).where(eq(users.id, user.id));
  return user;
}

/** A new session for `user` (registeredUser's password), through the real sign-in. */
async function freshSession(user: TestUser): Promise<TestUser> {
  const { res, cookie } = await signIn(t, user.email, 'secret123');
  if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.statusCode} ${res.body}`);
  return { ...user, cookie };
}

/** `user` with a live session: a fuzzed sign-out or session revocation may have ended the last one. */
async function live(user: TestUser): Promise<TestUser> {
  const me = await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: user.cookie } });
  return me.statusCode === 200 ? user : freshSession(user);
}

beforeAll(async () => {
  // A fixed clock (a Wednesday before the trail's Saturday) keeps seeded runs repeatable.
  ({ t, admin, trailId: known.trailId } = await createMatchWorld());
  member = await verifiedMember('member@example.com');
  other = await verifiedMember('other@example.com');
  const search = await t.app.inject({
    method: 'POST',
    url: '/api/matches/search',
    headers: { cookie: member.cookie },
    payload: { trailId: known.trailId, day: 'saturday' },
  });
  expect(search.statusCode, search.body).toBe(200);
  known.matchId = (search.json() as { match: { id: string } }).match.id;
});
afterAll(async () => t?.close());

type Doc = {
  paths: Record<string, Record<string, { parameters?: Parameter[]; requestBody?: { content?: Record<string, { schema?: JsonSchema }> } }>>;
  components?: object;
};

/** Every operation of the document, and Better Auth's endpoints where the document lacks them. */
function operations(): Operation[] {
  const doc = t.app.swagger() as unknown as Doc;
  const ops: Operation[] = Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => {
      const body = op.requestBody?.content?.['application/json']?.schema;
      return {
        method: method.toUpperCase(),
        path,
        pathParams: (op.parameters ?? []).filter((p) => p.in === 'path'),
        query: (op.parameters ?? []).filter((p) => p.in === 'query'),
        // Local references resolve against the document's components.
        body: body && ({ ...(body as object), components: doc.components } as JsonSchema),
        untyped: false,
      };
    }),
  );
  const documented = new Set(ops.map((op) => `${op.method} ${op.path}`));
  const endpoints = Object.values(t.app.auth.api as unknown as Record<string, { path?: string; options?: { method?: string | string[] } }>);
  for (const endpoint of endpoints) {
    if (!endpoint.path) continue;
    const path = `/api/auth${endpoint.path.replace(/:([a-zA-Z]+)/g, '{$1}')}`;
    const params = [...path.matchAll(/\{([a-zA-Z]+)\}/g)].map(([, name]) => ({
      name: name!,
      in: 'path',
      required: true,
      schema: { type: 'string' },
    }));
    for (const method of [endpoint.options?.method ?? 'GET'].flat()) {
      if (method === '*' || documented.has(`${method} ${path}`)) continue;
      ops.push({ method, path, pathParams: params as Parameter[], query: [], untyped: true, body: undefined });
    }
  }
  return ops;
}

/** The real row an id names, where the route is about one: reaches past "not found" into the services. */
function knownId(opPath: string, name: string): string | undefined {
  if (name === 'trailId' || (name === 'id' && /\/(trails|favourites)\//.test(opPath))) return known.trailId;
  if (name === 'id' && opPath.includes('/matches/')) return known.matchId;
  if (name === 'userId' || (name === 'id' && /\/users\//.test(opPath))) return other.id;
  return undefined;
}

function schemaValidSamples(op: Operation, seed: number): Sample[] {
  const generator = createGeneratorSync({ seed, maxDepth: 4, optionalsProbability: 0.5 });
  const object = (params: Parameter[]) =>
    Object.fromEntries(
      params
        .filter((p) => p.required || p.in === 'path' || seed % 2 === 0)
        .map((p) => [p.name, generator.generate(p.schema ?? { type: 'string' })]),
    );
  return [0, 1, 2].map((i) => {
    const sample: Sample = {
      path: Object.fromEntries(Object.entries(object(op.pathParams)).map(([k, v]) => [k, String(v)])),
      query: object(op.query),
      body: op.untyped ? { ...AUTH_BODY } : op.body ? generator.generate(op.body) : undefined,
    };
    if (i === 2) {
      // The third one names real rows.
      for (const name of Object.keys(sample.path)) sample.path[name] = knownId(op.path, name) ?? sample.path[name]!;
      if (sample.body && typeof sample.body === 'object' && !Array.isArray(sample.body)) {
        const body = sample.body as Record<string, unknown>;
        for (const name of Object.keys(body)) body[name] = knownId(op.path, name) ?? body[name];
      }
    }
    return sample;
  });
}

/** The string leaves of a value, as paths of keys, at most `limit` of them. */
function stringLeaves(value: unknown, limit = 8, path: (string | number)[] = []): (string | number)[][] {
  if (typeof value === 'string') return [path];
  if (typeof value !== 'object' || value === null) return [];
  const found: (string | number)[][] = [];
  for (const [key, item] of Object.entries(value)) {
    if (found.length >= limit) break;
    found.push(...stringLeaves(item, limit - found.length, [...path, Array.isArray(value) ? Number(key) : key]));
  }
  return found;
}

function withValueAt(value: unknown, path: (string | number)[], replacement: unknown): unknown {
  if (path.length === 0) return replacement;
  const copy = (Array.isArray(value) ? [...value] : { ...(value as object) }) as Record<string | number, unknown>;
  copy[path[0]!] = withValueAt(copy[path[0]!], path.slice(1), replacement);
  return copy;
}

const WRONG_TYPES: unknown[] = [12345, 'text', true, null, [], {}, -1, 1e308, 2 ** 53 + 1, 0.5, ['a', 'b'], { nested: { value: 1 } }];

interface Mutation {
  what: string;
  sample: Sample;
  /** Always sent; the others are a seeded sample, to keep the run short. */
  always?: boolean;
}

/** Mutations of one schema-valid sample; each has a name that says what was done. */
function mutations(op: Operation, sample: Sample): Mutation[] {
  const out: Mutation[] = [];
  const body = sample.body;
  const bodyObject = body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : undefined;
  if (op.body || op.untyped || ['POST', 'PUT', 'PATCH'].includes(op.method)) {
    for (const whole of [undefined, null, 'text', 42, [], [body], {}]) {
      out.push({ what: `body ${JSON.stringify(whole)}`, sample: { ...sample, body: whole }, always: true });
    }
    out.push({ what: 'body deeply nested', sample: { ...sample, body: DEEP_MARK }, always: true });
  }
  if (bodyObject) {
    Object.keys(bodyObject).forEach((key, i) => {
      const wrong = WRONG_TYPES[i % WRONG_TYPES.length];
      out.push({ what: `body.${key} = ${JSON.stringify(wrong)}`, sample: { ...sample, body: { ...bodyObject, [key]: wrong } } });
      const { [key]: _dropped, ...without } = bodyObject;
      out.push({ what: `body.${key} missing`, sample: { ...sample, body: without } });
      out.push({ what: `body.${key} deeply nested`, sample: { ...sample, body: { ...bodyObject, [key]: DEEP_MARK } } });
    });
    out.push({
      what: 'extra fields',
      sample: { ...sample, body: { ...bodyObject, unexpected: 'field', ['key\u0000']: 1, constructor: { prototype: 1 } } },
      always: true,
    });
  }
  for (const leaf of stringLeaves(body)) {
    const at = leaf.join('.') || '(body)';
    out.push({ what: `body ${at} with NUL`, sample: { ...sample, body: withValueAt(body, leaf, NUL_TEXT) }, always: true });
    out.push({ what: `body ${at} huge`, sample: { ...sample, body: withValueAt(body, leaf, HUGE_TEXT) } });
    out.push({ what: `body ${at} empty`, sample: { ...sample, body: withValueAt(body, leaf, '') } });
  }
  for (const name of Object.keys(sample.path)) {
    for (const [label, value, always] of [
      ['with NUL', NUL_TEXT, true],
      ['huge', 'y'.repeat(5000), true],
      ['not an id', '../../etc/passwd', false],
      ['unicode', 'ünï😀', false],
      ['number', '-1', false],
    ] as const) {
      out.push({ what: `path ${name} ${label}`, sample: { ...sample, path: { ...sample.path, [name]: value } }, always });
    }
  }
  for (const param of op.query) {
    out.push({
      what: `query ${param.name} with NUL`,
      sample: { ...sample, query: { ...sample.query, [param.name]: NUL_TEXT } },
      always: true,
    });
    out.push({ what: `query ${param.name} huge`, sample: { ...sample, query: { ...sample.query, [param.name]: 'q'.repeat(20_000) } } });
    out.push({ what: `query ${param.name} repeated`, sample: { ...sample, query: { ...sample.query, [param.name]: ['a', 'b'] } } });
    const { [param.name]: _dropped, ...without } = sample.query;
    out.push({ what: `query ${param.name} missing`, sample: { ...sample, query: without } });
  }
  out.push({
    what: 'extra query',
    sample: { ...sample, query: { ...sample.query, unexpected: 'x', 'nul\u0000key': NUL_TEXT } },
    always: true,
  });
  return out;
}

/** Mulberry32: the seeded choice of which optional mutations a run sends. */
function seededRandom(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let x = Math.imul(state ^ (state >>> 15), 1 | state);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

/** The always-sent mutations and up to `optional` of the rest, chosen by the seed. */
function chosenMutations(all: Mutation[], seed: number, optional: number): Mutation[] {
  const random = seededRandom(seed);
  const rest = all.filter((m) => !m.always);
  for (let i = rest.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [rest[i], rest[j]] = [rest[j]!, rest[i]!];
  }
  return [...all.filter((m) => m.always), ...rest.slice(0, optional)];
}

function toRequest(op: Operation, what: string, sample: Sample): FuzzRequest {
  const path = op.path.replace(/\{([^}]+)\}/g, (_, name: string) => encodeURIComponent(sample.path[name] ?? 'x'));
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(sample.query)) {
    for (const item of [value].flat()) query.append(key, typeof item === 'object' ? JSON.stringify(item) : String(item));
  }
  const url = query.size > 0 ? `${path}?${query}` : path;
  if (sample.body === undefined || op.method === 'GET' || op.method === 'HEAD') return { what, method: op.method, url };
  const payload = JSON.stringify(sample.body).replaceAll(JSON.stringify(DEEP_MARK), DEEP_JSON);
  return { what, method: op.method, url, headers: { 'content-type': 'application/json' }, payload };
}

/** Uploads go as multipart forms: a file that is not an image, a NUL in its name, a wrong field, no file at all. */
function multipartRequests(op: Operation, sample: Sample): FuzzRequest[] {
  const file = (field: string, filename: string, content: string) => multipartFile(field, filename, Buffer.from(content), 'image/jpeg');
  const raw = (body: string) => ({ headers: { 'content-type': 'multipart/form-data; boundary=fuzz' }, payload: Buffer.from(body) });
  const forms: [string, { headers: Record<string, string>; payload: Buffer }][] = [
    ['not an image', file('file', 'a.jpg', 'not an image')],
    ['NUL in the file name', file('file', 'a\u0000b.jpg', 'x')],
    ['path in the file name', file('file', '../../x.jpg', 'x')],
    ['huge file name', file('file', 'n'.repeat(5000), 'x')],
    ['wrong field', file('other', 'a.jpg', 'x')],
    ['empty file', file('file', 'a.jpg', '')],
    ['a text field only', raw(`--fuzz\r\nContent-Disposition: form-data; name="file"\r\n\r\n${NUL_TEXT}\r\n--fuzz--\r\n`)],
    ['cut short', raw('--fuzz\r\ngarbage')],
  ];
  const base = toRequest(op, '', { ...sample, body: undefined });
  return forms.map(([what, form]) => ({ ...base, what: `multipart: ${what}`, ...form }));
}

async function send(op: Operation, caller: Caller, request: FuzzRequest, failures: Failure[]) {
  const res = await t.app.inject({
    method: request.method as 'GET',
    url: request.url,
    headers: { origin: TEST_ORIGIN, ...(caller.cookie ? { cookie: caller.cookie } : {}), ...request.headers },
    ...(request.payload !== undefined ? { payload: request.payload } : {}),
  });
  if (res.statusCode >= 500) {
    failures.push({
      operation: `${op.method} ${op.path}`,
      caller: caller.name,
      request,
      status: res.statusCode,
      body: res.body.slice(0, 300),
    });
  }
  return res.statusCode;
}

const shown = (request: FuzzRequest) => {
  const payload = typeof request.payload === 'string' ? request.payload : request.payload?.toString('latin1');
  const cut = (text: string) => (text.length > 200 ? `${text.slice(0, 200)}… (${text.length} characters)` : text);
  return `${request.method} ${cut(request.url)}${payload !== undefined ? ` ${cut(JSON.stringify(payload))}` : ''}`;
};

/**
 * Better Auth logs some client mistakes at error level; these are they. Any other console.error
 * during the run fails it (architecture §4).
 */
const BETTER_AUTH_CLIENT_MISTAKES = [
  /^Provider not found/,
  /^State not found/,
  // An OAuth callback whose `state` is not one Better Auth issued (garbage or tampered).
  /^Failed to parse state/,
  /^Delete user is disabled/,
  // Two sign-ups of one address at once: Better Auth checks, then inserts; the loser of that
  // race gets a 422 and this line.
  /^Failed to create user$/,
];

/** Runs `tasks` with at most `width` at a time: requests wait on the database more than on the CPU. */
async function inPool<T>(items: T[], width: number, task: (item: T) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < items.length) await task(items[next++]!);
    }),
  );
}

describe('the API under fuzzing', () => {
  it('never answers 5xx to generated or mutated requests, for any operation or caller', { timeout: 300_000 }, async () => {
    const ops = operations();
    expect(ops.length).toBeGreaterThan(90);
    const failures: Failure[] = [];
    let sent = 0;
    const logged: { message: string; during: string[] }[] = [];
    const inFlight = new Set<string>();
    vi.spyOn(console, 'error').mockImplementation(
      (message: unknown) => void logged.push({ message: String(message), during: [...inFlight] }),
    );
    for (const [index, op] of ops.entries()) {
      const started = performance.now();
      const seed = SEED + index;
      const samples = schemaValidSamples(op, seed);
      const requests: FuzzRequest[] = [
        ...samples.map((sample, i) => toRequest(op, `schema-valid #${i + 1}`, sample)),
        ...chosenMutations(mutations(op, samples[0]!), seed, op.untyped ? 6 : 12).map(({ what, sample }) => toRequest(op, what, sample)),
        ...(['POST', 'PUT'].includes(op.method) && !op.body && !op.untyped ? multipartRequests(op, samples[0]!) : []),
      ].map((request) => ({ ...request, what: `${request.what} (seed ${seed})` }));
      let memberRefused = false;
      for (const name of ['visitor', 'member', 'admin'] as const) {
        if (name === 'admin' && !memberRefused) continue;
        if (name === 'member') member = await live(member);
        if (name === 'admin') admin = await live(admin);
        const caller: Caller = { name, cookie: name === 'member' ? member.cookie : name === 'admin' ? admin.cookie : undefined };
        // A fuzzed sign-out may end the session part-way: the rest of this batch then goes as a visitor would.
        await inPool(requests, 4, async (request) => {
          const label = `${caller.name}: ${op.method} ${op.path}, ${request.what}`;
          inFlight.add(label);
          const status = await send(op, caller, request, failures).finally(() => inFlight.delete(label));
          sent++;
          if (name === 'member' && status === 403) memberRefused = true;
        });
      }
      if (process.env.FUZZ_TIMING)
        process.stdout.write(`${Math.round(performance.now() - started)} ms ${requests.length} ${op.method} ${op.path}\n`);
    }
    const report = failures.map(
      (f) => `${f.status} for the ${f.caller}: ${f.operation}, ${f.request.what}\n    ${shown(f.request)}\n    → ${f.body}`,
    );
    expect(report, `${failures.length} of ${sent} requests answered 5xx`).toEqual([]);
    expect(logged.filter(({ message }) => !BETTER_AUTH_CLIENT_MISTAKES.some((known) => known.test(message)))).toEqual([]);
    expect(sent).toBeGreaterThan(3000);
  });
});

// The few API calls the SSE benches make as a browser would: sign in or up (Better Auth checks
// the Origin header against APP_URL) and JSON requests with the session cookie.

import { Agent, request } from 'node:http';
import pg from 'pg';

const cookieOf = (res) =>
  res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');

async function auth(baseUrl, path, body) {
  const res = await fetch(`${baseUrl}/api/auth/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`POST /api/auth/${path} (${body.email}) answered ${res.status}: ${await res.text()}`);
  const cookie = cookieOf(res);
  if (!cookie) throw new Error(`POST /api/auth/${path} (${body.email}) set no cookie`);
  const json = await res.json();
  return { cookie, id: json.user?.id, email: body.email };
}

export const signIn = (baseUrl, email, password) => auth(baseUrl, 'sign-in/email', { email, password });

export const signUp = (baseUrl, email, password, name) => auth(baseUrl, 'sign-up/email', { email, password, name });

/**
 * Who may match (ADR 0030) needs a completed profile and a verified contact. Answers a sign-up
 * for the server on `databaseUrl` that does both: "Complete Your Profile" through the API, and
 * the e-mail marked verified in the database, as its mailed link would (a bench has no inbox).
 */
export function signUpToMatch(databaseUrl) {
  return async (baseUrl, email, password, name) => {
    const user = await signUp(baseUrl, email, password, name);
    await api(baseUrl, 'PUT', '/api/me/registration', {
      cookie: user.cookie,
      body: {
        fullName: name,
        age: 30,
        gender: 'Other',
        country: 'Portugal',
        city: 'Lisbon',
        skills: { hiking: 'intermediate', running: 'beginner' },
        bio: 'A bench account.',
        instagram: 'bench.account',
      },
    });
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      await client.query('UPDATE users SET email_verified = true WHERE id = $1', [user.id]);
    } finally {
      await client.end();
    }
    return user;
  };
}

/**
 * The cookies a browser holds after its first session check: Better Auth's cookie cache
 * (`session_data`, ADR 0058) beside the session token, taken from GET /api/auth/get-session's
 * Set-Cookie and merged by name into `cookie`.
 */
export async function withSessionCache(baseUrl, cookie) {
  const res = await fetch(`${baseUrl}/api/auth/get-session`, { headers: { cookie, origin: baseUrl } });
  if (!res.ok) throw new Error(`GET /api/auth/get-session answered ${res.status}`);
  const jar = new Map(cookie.split('; ').map((c) => [c.slice(0, c.indexOf('=')), c]));
  for (const set of res.headers.getSetCookie()) {
    const pair = set.split(';')[0];
    jar.set(pair.slice(0, pair.indexOf('=')), pair);
  }
  return [...jar.values()].join('; ');
}

/** The { status, body } of a JSON answer; throws with the answer unless the status is 2xx. */
function answerOf(method, path, status, text) {
  if (status < 200 || status > 299) {
    const err = new Error(`${method} ${path} answered ${status}: ${text.slice(0, 300)}`);
    err.status = status;
    throw err;
  }
  return { status, body: text ? JSON.parse(text) : null };
}

/** A JSON request; throws with the answer unless the status is 2xx. Returns { status, body }. */
export async function api(baseUrl, method, path, { cookie, body } = {}) {
  const headers = { origin: baseUrl };
  if (cookie) headers.cookie = cookie;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${baseUrl}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  return answerOf(method, path, res.status, await res.text());
}

/**
 * One keep-alive agent per origin, for apiKeepAlive: a load step's sends reuse their connections.
 */
const agents = new Map();
const agentFor = (origin) => {
  if (!agents.has(origin)) agents.set(origin, new Agent({ keepAlive: true, maxSockets: 256 }));
  return agents.get(origin);
};

/**
 * api() over node:http with a keep-alive agent, for a load generator that shares the machine's
 * cores with the server and PostgreSQL (bench:message-latency, ADR 0078): it costs this process
 * about a third of fetch's CPU per request. api() stays on fetch, as a browser's request is, for
 * the benches whose figures count this client's CPU (bench:request-cost, ADR 0049).
 */
export function apiKeepAlive(baseUrl, method, path, { cookie, body } = {}) {
  const headers = { origin: baseUrl };
  if (cookie) headers.cookie = cookie;
  const payload = body === undefined ? undefined : JSON.stringify(body);
  if (payload !== undefined) {
    headers['content-type'] = 'application/json';
    headers['content-length'] = Buffer.byteLength(payload);
  }
  return new Promise((resolve, reject) => {
    const req = request(`${baseUrl}${path}`, { method, headers, agent: agentFor(baseUrl) }, (res) => {
      const chunks = [];
      res.on('data', (chunk) => chunks.push(chunk));
      res.on('error', reject);
      res.on('end', () => {
        try {
          resolve(answerOf(method, path, res.statusCode, Buffer.concat(chunks).toString('utf8')));
        } catch (err) {
          reject(err);
        }
      });
    });
    req.on('error', reject);
    req.end(payload);
  });
}

/** Runs `task(i)` for i in [0, count) with at most `concurrency` in flight; resolves in order. */
export async function pool(count, concurrency, task) {
  const results = new Array(count);
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const i = next++;
      results[i] = await task(i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, count) }, worker));
  return results;
}

// Bulk setup for the benches that need many signed-in pairs with a match: people, their completed
// profiles, their sessions and their pending matches written in a few SQL statements instead of a
// sign-up (a password hash), a profile form, a search and a request per person through the API.
// What the server then sees is what those API calls would have left: a verified account that may
// match (ADR 0030), a Better Auth session and its signed cookie, a pending match of two.
import { createHmac, randomBytes } from 'node:crypto';
import pg from 'pg';
import { pool, withSessionCache } from './api.mjs';

/** Better Auth's session cookie (no prefix over plain http): the token, signed as better-call signs cookies. */
export function sessionCookie(token, secret) {
  const signature = createHmac('sha256', secret).update(token).digest('base64');
  return `better-auth.session_token=${encodeURIComponent(`${token}.${signature}`)}`;
}

/**
 * `count` pending matches on `slot` ({ trailId, startTime, endTime }), each between an owner (who
 * searched) and a partner (who requested), on the server of `databaseUrl` whose Better Auth
 * secret is `secret`. Returns [{ owner, partner, matchId }] with { id, cookie } per person. With
 * `baseUrl`, each cookie is the one a browser holds after its first session check there: the
 * token and Better Auth's cookie cache (ADR 0058).
 */
export async function seedPendingPairs(databaseUrl, secret, { label, count, slot, baseUrl }) {
  const owners = Array.from({ length: count }, (_, k) => `bench-${label}-owner-${k}`);
  const partners = Array.from({ length: count }, (_, k) => `bench-${label}-partner-${k}`);
  const ids = [...owners, ...partners];
  const tokens = ids.map(() => randomBytes(24).toString('base64url'));
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('BEGIN');
    await client.query(
      `INSERT INTO users (id, name, email, email_verified)
       SELECT id, 'Bench ' || id, id || '@example.com', true FROM unnest($1::text[]) AS u(id)`,
      [ids],
    );
    await client.query(
      `INSERT INTO profiles (user_id, full_name, age, gender, country, city, bio, has_seen_onboarding, registration_completed_at)
       SELECT id, 'Bench ' || id, 30, 'Other', 'Portugal', 'Lisbon', 'A bench account.', true, now() FROM unnest($1::text[]) AS u(id)`,
      [ids],
    );
    await client.query(
      `INSERT INTO sessions (id, token, user_id, expires_at)
       SELECT 'bench-session-' || user_id, token, user_id, now() + interval '1 day'
       FROM unnest($1::text[], $2::text[]) AS s(user_id, token)`,
      [ids, tokens],
    );
    const { rows } = await client.query(
      `INSERT INTO matches (trail_id, status, start_time, end_time, id1, id2, participants, requested_by)
       SELECT $3::uuid, 'pending', $4::timestamptz, $5::timestamptz, owner, partner, ARRAY[owner, partner], partner
       FROM unnest($1::text[], $2::text[]) AS p(owner, partner)
       RETURNING id, id1`,
      [owners, partners, slot.trailId, slot.startTime, slot.endTime],
    );
    await client.query('COMMIT');
    await client.query('ANALYZE users, profiles, sessions, matches');
    const matchOf = new Map(rows.map((r) => [r.id1, r.id]));
    const cookies = ids.map((_, i) => sessionCookie(tokens[i], secret));
    if (baseUrl) await pool(cookies.length, 4, async (i) => (cookies[i] = await withSessionCache(baseUrl, cookies[i])));
    const person = (i) => ({ id: ids[i], cookie: cookies[i] });
    return owners.map((owner, k) => ({ owner: person(k), partner: person(count + k), matchId: matchOf.get(owner) }));
  } catch (err) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw err;
  } finally {
    await client.end();
  }
}

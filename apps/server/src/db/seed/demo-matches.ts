import { createHash } from 'node:crypto';
import { and, eq, inArray, notInArray, sql } from 'drizzle-orm';
import { knownCompatibility } from '@trailbuddy/shared/domain/compatibility';
import { feedbackInputSchema, isFeedbackComplete, type FeedbackRequest } from '@trailbuddy/shared/domain/feedback';
import { ACTION_TRANSITION, canApply, type MatchAction, type MatchStatus } from '@trailbuddy/shared/domain/match-states';
import { addZonedDays, nextWeekendSession, type Session, type WeekendDay } from '@trailbuddy/shared/domain/schedule';
import type { Db, Tx } from '../client.js';
import { matchFeedback, matches, trails, users } from '../schema/index.js';
import { DEMO_TRAILS } from './demo-trails.js';
import { DEMO_USERS, type DemoUser } from './demo-users.js';

/**
 * The demo users' life on TrailBuddy: hikes they did together weeks ago (with feedback), hikes
 * confirmed for the coming weekends, requests waiting for an answer and open searches. Rebuilt
 * relative to today on every start, so signing in as any demo login shows every tab of My
 * Matches, past partners and a busy agenda, however long ago the database was seeded.
 *
 * Only matches the seed owns are written: their ids carry a fixed prefix, so matches real
 * users (or people clicking around as a demo user) created are never touched, and a restart
 * updates the seed's rows in place instead of adding new ones.
 */

/** What a planned match has been through, in the order it happened (product §4). */
type Story = 'completed' | 'confirmed' | 'pending' | 'searching';

const STORY_ACTIONS: Readonly<Record<Story, readonly MatchAction[]>> = {
  completed: ['request', 'accept', 'complete'],
  confirmed: ['request', 'accept'],
  pending: ['request'],
  searching: [],
};

/** One week of the calendar: a weekend day `weeks` from the coming one, and what happened there. */
interface Round {
  weeks: number;
  day: WeekendDay;
  story: Story;
  /**
   * A confirmed round's hike that the person sitting the round out joins (ADR 0054): the demo
   * shows hikes of two and of three. `capacity` is that hike's size; more than three leaves room
   * that Best Matches offers to people searching the slot.
   */
  groupOf?: number;
}

/**
 * Nine rounds for nine people: a round-robin pairs everyone with everyone else exactly once,
 * one person sitting each round out, so every person takes part in at least one round of each
 * story. The last round's pairs both search the same session, so each shows up first in the
 * other's Best Matches.
 */
const ROUNDS: readonly Round[] = [
  { weeks: -4, day: 'saturday', story: 'completed' },
  { weeks: -3, day: 'sunday', story: 'completed' },
  { weeks: -2, day: 'saturday', story: 'completed' },
  { weeks: -1, day: 'sunday', story: 'completed' },
  { weeks: 0, day: 'saturday', story: 'confirmed', groupOf: 3 },
  { weeks: 0, day: 'sunday', story: 'pending' },
  { weeks: 1, day: 'saturday', story: 'confirmed', groupOf: 4 },
  { weeks: 1, day: 'sunday', story: 'pending' },
  { weeks: 2, day: 'saturday', story: 'searching' },
];

const FEEDBACK: readonly FeedbackRequest[] = [
  { attended: true, rating: 5, wouldHikeAgain: true, comment: 'Great pace and even better company. Already planning the next one!' },
  { attended: true, rating: 4, wouldHikeAgain: true, comment: 'Lovely route, we stopped for coffee halfway.' },
  { attended: true, rating: 5, wouldHikeAgain: true },
  { attended: true, rating: 4, wouldHikeAgain: false, comment: 'Nice person, but our paces did not really match.' },
];

/** The seed's match ids: a fixed prefix, then a hash of what the match is. */
const DEMO_ID_PREFIX = '5eed0000-0000-4000-8000-';
const demoMatchId = (key: string) => DEMO_ID_PREFIX + createHash('sha256').update(key).digest('hex').slice(0, 12);
const isDemoMatch = sql`${matches.id}::text LIKE ${`${DEMO_ID_PREFIX}%`}`;

/** Serialises upkeep across instances starting together ("TB" prefix, as the migration lock). */
const DEMO_UPKEEP_LOCK = 0x5442_0000_0100n;

const DAY_MS = 24 * 60 * 60 * 1000;

export interface DemoPerson {
  id: string;
  demo: DemoUser;
}

type TrailRow = typeof trails.$inferSelect;
type NewMatch = typeof matches.$inferInsert;
type NewFeedback = typeof matchFeedback.$inferInsert;

export interface DemoPlan {
  matches: NewMatch[];
  feedback: NewFeedback[];
}

/** The status a story ends in, walked through the match state machine so the seed obeys it too. */
function statusOf(story: Story): MatchStatus {
  let status: MatchStatus = 'searching';
  for (const action of STORY_ACTIONS[story]) {
    if (!canApply(action, status)) throw new Error(`demo seed: '${action}' cannot follow '${status}'`);
    status = ACTION_TRANSITION[action].to;
  }
  return status;
}

/** The pairs of round `r` (circle method): index `people` stands for "sits this round out". */
function pairsOf(round: number, people: number): [number, number | null][] {
  const slots = people % 2 === 0 ? people : people + 1;
  const ring = Array.from({ length: slots - 1 }, (_, i) => ((i + round) % (slots - 1)) + 1);
  const order = [0, ...ring];
  const pairs: [number, number | null][] = [];
  for (let i = 0; i < slots / 2; i++) {
    const [a, b] = [order[i]!, order[slots - 1 - i]!];
    if (a >= people) pairs.push([b, null]);
    else if (b >= people) pairs.push([a, null]);
    else pairs.push([a, b]);
  }
  return pairs;
}

/**
 * The session of `day`, `weeks` after the coming one, on the trail's wall clock. Past rounds
 * are moved back a week if the "last" weekend has not happened yet (early on a Sunday).
 */
function sessionOf(round: Round, trail: TrailRow, now: Date, timeZone: string): Session {
  const coming = nextWeekendSession(round.day, now, { hours: trail.hours, timeZone });
  const duration = coming.end.getTime() - coming.start.getTime();
  let start = addZonedDays(coming.start, 7 * round.weeks, timeZone);
  if (round.story === 'completed' && start.getTime() + duration > now.getTime()) start = addZonedDays(start, -7, timeZone);
  return { start, end: new Date(start.getTime() + duration) };
}

/** The demo matches and feedback as of `now`: a pure function of who exists and which trails do. */
export function planDemoMatches(people: readonly DemoPerson[], trailRows: readonly TrailRow[], now: Date, timeZone: string): DemoPlan {
  const plan: DemoPlan = { matches: [], feedback: [] };
  const byDay = (day: WeekendDay) => trailRows.filter((t) => t.weekendDay === day);
  if (people.length < 2 || byDay('saturday').length === 0 || byDay('sunday').length === 0) return plan;

  ROUNDS.forEach((round, r) => {
    const trailsOfDay = byDay(round.day);
    const status = statusOf(round.story);
    // The one sitting the round out comes last, so the group hike they may join exists by then.
    const pairs = pairsOf(r, people.length).sort((x, y) => Number(x[1] === null) - Number(y[1] === null));
    pairs.forEach(([a, b], p) => {
      const trail = trailsOfDay[(r * 5 + p) % trailsOfDay.length]!;
      const session = sessionOf(round, trail, now, timeZone);
      const createdAt = new Date(Math.min(session.start.getTime() - 9 * DAY_MS, now.getTime()));
      // Whoever sits a coming round out is searching for a buddy for it, or joins its group hike.
      if (b === null && round.groupOf) {
        const hike = plan.matches.find((m) => m.id === demoMatchId(`${round.story}:group:${r}`));
        if (hike) hike.participants = [...hike.participants!, people[a]!.id];
        return;
      }
      const searchers = round.story === 'searching' ? [a, b] : b === null && session.start > now ? [a] : [];
      if (b === null && searchers.length === 0) return;
      for (const s of searchers) {
        if (s === null) continue;
        const me = people[s]!;
        plan.matches.push({
          id: demoMatchId(`searching:${me.demo.email}:${r}`),
          trailId: trail.id,
          status: 'searching',
          startTime: session.start,
          endTime: session.end,
          id1: me.id,
          participants: [me.id],
          createdAt,
        });
      }
      if (searchers.length > 0) return;

      const [from, to] = [people[a]!, people[b!]!];
      // The round's first pair is its group hike, when it has one.
      const group = round.groupOf && p === 0 ? round.groupOf : undefined;
      const id = demoMatchId(group ? `${round.story}:group:${r}` : `${round.story}:${from.demo.email}:${to.demo.email}:${r}`);
      const confirmedAt = status === 'pending' ? null : new Date(Math.min(createdAt.getTime() + 2 * DAY_MS, now.getTime()));
      plan.matches.push({
        id,
        trailId: trail.id,
        status,
        startTime: session.start,
        endTime: session.end,
        id1: from.id,
        id2: to.id,
        participants: [from.id, to.id],
        capacity: group ?? 2,
        requestedBy: from.id,
        // Fixed when the request was made, pending or not (ADR 0064).
        compatibility: knownCompatibility(from.demo.profile, to.demo.profile, trail.activity),
        createdAt,
        confirmedAt,
      });
      if (round.story !== 'completed') return;
      const answers = [from, to].map((person, k) => {
        const given = feedbackInputSchema.parse(FEEDBACK[(r + p + k) % FEEDBACK.length]);
        const row: NewFeedback = {
          matchId: id,
          userId: person.id,
          skipped: false,
          attended: given.attended,
          rating: given.attended ? given.rating : null,
          wouldHikeAgain: given.attended ? (given.wouldHikeAgain ?? null) : null,
          comment: given.attended ? (given.comment ?? null) : null,
          submittedAt: new Date(session.end.getTime() + (k + 1) * 3 * 60 * 60 * 1000),
        };
        return row;
      });
      // Completed means both answered (product §4); the plan proves it with the domain's own rule.
      if (
        !isFeedbackComplete(
          [from.id, to.id],
          answers.map((f) => f.userId),
        )
      )
        throw new Error('demo seed: incomplete feedback');
      plan.feedback.push(...answers);
    });
  });
  return plan;
}

/** The demo people that exist, in DEMO_USERS order, and the newest session row of each demo trail. */
async function loadCast(tx: Tx): Promise<{ people: DemoPerson[]; trailRows: TrailRow[] }> {
  const emails = DEMO_USERS.map((u) => u.email);
  const found = await tx.select({ id: users.id, email: users.email }).from(users).where(inArray(users.email, emails));
  const idByEmail = new Map(found.map((u) => [u.email, u.id]));
  const people = DEMO_USERS.flatMap((demo) => (idByEmail.has(demo.email) ? [{ id: idByEmail.get(demo.email)!, demo }] : []));
  const rows = await tx
    .selectDistinctOn([trails.name])
    .from(trails)
    .where(
      inArray(
        trails.name,
        DEMO_TRAILS.map((t) => t.name),
      ),
    )
    .orderBy(trails.name, sql`${trails.startTime} DESC`);
  const order = new Map(DEMO_TRAILS.map((t, i) => [t.name, i]));
  return { people, trailRows: rows.sort((x, y) => order.get(x.name)! - order.get(y.name)!) };
}

/**
 * Brings the demo matches up to date with `now` in one transaction: the plan's rows are written
 * over the seed's own (whatever happened to them since), seed rows the plan no longer has are
 * removed, and a search is left out where the person already has one of their own for that
 * session. Returns how many demo matches there are.
 */
export async function keepDemoMatchesCurrent(db: Db, opts: { now: Date; timeZone: string }): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${DEMO_UPKEEP_LOCK.toString()}::bigint)`);
    const { people, trailRows } = await loadCast(tx);
    const plan = planDemoMatches(people, trailRows, opts.now, opts.timeZone);

    // "Never two" open searches per person and session: a search of their own wins over the plan's.
    const ownSearches = await tx
      .select({ id1: matches.id1, trailId: matches.trailId, startTime: matches.startTime })
      .from(matches)
      .where(and(eq(matches.status, 'searching'), sql`NOT ${isDemoMatch}`));
    const slot = (m: { id1: string; trailId: string; startTime: Date }) => `${m.id1} ${m.trailId} ${m.startTime.getTime()}`;
    const taken = new Set(ownSearches.map(slot));
    // One hike at a time (ADR 0054): a plan row is left out where one of its people is already
    // booked at an overlapping time on a hike of their own making.
    const { rows: booked } = await tx.execute<{ user_id: string; lower: Date; upper: Date }>(sql`
      SELECT b.user_id, lower(b.period) AS lower, upper(b.period) AS upper FROM hike_bookings b
      WHERE b.active AND NOT (b.match_id::text LIKE ${`${DEMO_ID_PREFIX}%`})`);
    const busy = (m: NewMatch) =>
      booked.some(
        (b) => m.participants!.includes(b.user_id) && new Date(b.lower) < (m.endTime as Date) && (m.startTime as Date) < new Date(b.upper),
      );
    const rows = plan.matches.filter((m) => (m.status !== 'searching' || !taken.has(slot(m))) && !busy(m));
    // The seed's rows move a week at a time, one statement each: the one-hike rule is checked at commit.
    await tx.execute(sql`SET CONSTRAINTS hike_bookings_one_slot_at_a_time, hike_bookings_one_hike_at_a_time DEFERRED`);

    const ids = rows.map((m) => m.id!);
    await tx.delete(matches).where(ids.length > 0 ? and(isDemoMatch, notInArray(matches.id, ids)) : isDemoMatch);
    if (ids.length === 0) return 0;
    for (const row of rows) {
      const { id: _id, ...fields } = row;
      await tx
        .insert(matches)
        .values(row)
        .onConflictDoUpdate({
          target: matches.id,
          set: {
            id2: null,
            requestedBy: null,
            compatibility: null,
            confirmedAt: null,
            cancelReason: null,
            cancelledBy: null,
            cancelledAt: null,
            cancelNote: null,
            lateCancel: false,
            remindedAt: null,
            fromMatchId: null,
            capacity: 2,
            ...fields,
          },
        });
    }
    await tx.delete(matchFeedback).where(inArray(matchFeedback.matchId, ids));
    if (plan.feedback.length > 0) await tx.insert(matchFeedback).values(plan.feedback);
    return rows.length;
  });
}

import { and, arrayContains, asc, eq, lte, ne, sql } from 'drizzle-orm';
import type { CustomDateInput, InviteInput, MatchView, PastPartner, StartSearchInput } from '@trailbuddy/shared/contracts/match';
import { PROFILE_DEFAULTS, type Activity, type SkillLevel } from '@trailbuddy/shared/contracts/enums';
import { SKILL_LABELS } from '@trailbuddy/shared/contracts/profile-labels';
import type { LiveEventPayload } from '@trailbuddy/shared/contracts/live-events';
import { HIKE_CAPACITY_DEFAULT } from '@trailbuddy/shared/domain/hikes';
import { NOT_PARTICIPANT_MESSAGE, SELF_CONFIRM_MESSAGE, transitionError, type MatchAction } from '@trailbuddy/shared/domain/match-states';
import { customEventSession, validateCustomEventStart } from '@trailbuddy/shared/domain/schedule';
import type { Db, DbOrTx } from '../db/client.js';
import { matches, trails, users } from '../db/schema/index.js';
import { AppError, conflict, forbidden, invalidField, notFound } from '../errors.js';
import { publishEvent } from '../events/publish.js';
import { formatMailDateTime } from '../mail/format.js';
import { enqueueMail } from '../mail/queue.js';
import { notify } from '../notifications/notify.js';
import { asIfUnavailable } from '../safety/blocked-pair.js';
import { mayBeMatched } from '../policies/may-match-rule.js';
import { assertComfortable } from '../profiles/comfort.js';
import { matchingTraits, pairCompatibilityNow } from './hike-people.js';
import { partnerOf, presentMatches, type MatchRow } from './match-presenter.js';
import { personRow, publicProfilesById } from '../profiles/person.js';
import { assertNotBooked, endOtherPlans, oneHikeAtATime } from './one-hike-at-a-time.js';
import { slotOf } from '../trails/trail-slots.js';

export interface MatchContext {
  userId: string;
  now: Date;
  timeZone: string;
}

type TrailRow = typeof trails.$inferSelect;

const selfMatch = () => new AppError(403, 'self-match', SELF_CONFIRM_MESSAGE);
export const notParticipant = () => new AppError(403, 'not-participant', NOT_PARTICIPANT_MESSAGE);
const illegal = (action: MatchAction, m: MatchRow) => conflict(transitionError(action, m.status), 'failed-precondition');

export async function loadTrail(db: DbOrTx, trailId: string): Promise<TrailRow> {
  const [trail] = await db.select().from(trails).where(eq(trails.id, trailId));
  if (!trail) throw notFound('Trail');
  return trail;
}

export async function loadMatch(db: DbOrTx, matchId: string): Promise<MatchRow> {
  const [m] = await db.select().from(matches).where(eq(matches.id, matchId));
  if (!m) throw notFound('Match');
  return m;
}

/** The chosen day's session of a trail: that weekend's Saturday or Sunday at the trail's time. */

/** Every change to a match reaches its participants' live streams (at commit). */
export async function announce(db: DbOrTx, m: MatchRow, status: LiveEventPayload<'match.changed'>['status'] = m.status) {
  const audience = m.participants.length > 0 ? m.participants : [m.id1];
  await publishEvent(db, { type: 'match.changed', audience, payload: { matchId: m.id, status } });
}

/** The user's open search for a slot, created unless it exists: never two (a unique index holds it). */
export async function ensureSearch(
  tx: DbOrTx,
  userId: string,
  trail: TrailRow,
  slot: { start: Date; end: Date },
  fromMatchId?: string,
  capacity: number = HIKE_CAPACITY_DEFAULT,
) {
  const [created] = await tx
    .insert(matches)
    .values({
      trailId: trail.id,
      status: 'searching',
      startTime: slot.start,
      endTime: slot.end,
      id1: userId,
      participants: [userId],
      fromMatchId: fromMatchId ?? null,
      capacity,
    })
    .onConflictDoNothing()
    .returning();
  if (created) {
    await announce(tx, created);
    return { match: created, created: true };
  }
  const [existing] = await tx
    .select()
    .from(matches)
    .where(and(eq(matches.id1, userId), eq(matches.trailId, trail.id), eq(matches.startTime, slot.start), eq(matches.status, 'searching')));
  return { match: existing!, created: false };
}

/** Find a buddy: a searching match for the trail and day, or the one the user already has. */
export const SESSION_STARTED_MESSAGE = 'This session has already started. Choose another day or trail.';

/**
 * Find a buddy: a searching match for the trail and day, or the one the user already has (its
 * room for more follows the latest choice). Refused with a 409 naming the hike when the user is
 * already on, or looking for, another hike at an overlapping time (ADR 0054).
 */
export async function startSearch(db: Db, ctx: MatchContext, input: StartSearchInput) {
  return oneHikeAtATime(db, ctx, () =>
    db.transaction(async (tx) => {
      const trail = await loadTrail(tx, input.trailId);
      const slot = slotOf(trail, input.day, input.time, ctx.timeZone);
      if (slot.start <= ctx.now) throw invalidField(input.time ? 'time' : 'day', SESSION_STARTED_MESSAGE);
      await assertNotBooked(tx, ctx.userId, slot, ctx);
      const capacity = input.capacity ?? HIKE_CAPACITY_DEFAULT;
      const found = await ensureSearch(tx, ctx.userId, trail, slot, undefined, capacity);
      const match =
        found.match.capacity === capacity
          ? found.match
          : (await tx.update(matches).set({ capacity }).where(eq(matches.id, found.match.id)).returning())[0]!;
      const [view] = await presentMatches(tx, [match], ctx.userId, ctx.now);
      return { match: view!, created: found.created };
    }),
  );
}

/** Explains why a guarded UPDATE matched no row, in the order a person would want to hear it. */
async function refusal(
  db: DbOrTx,
  matchId: string,
  action: MatchAction,
  userId: string,
  rules: { selfIf?: (m: MatchRow) => boolean; participantsOnly?: boolean },
) {
  const m = await loadMatch(db, matchId);
  if (rules.participantsOnly && !m.participants.includes(userId) && m.id1 !== userId) throw notParticipant();
  if (rules.selfIf?.(m)) throw selfMatch();
  return illegal(action, m);
}

/** Another user's open search → pending, with the requester as partner (searching → pending). */
export async function requestMatch(db: Db, ctx: MatchContext, matchId: string): Promise<MatchView> {
  // A blocked pair is refused by the database (migration 0016) and answered like a search that is gone.
  return asIfUnavailable(
    () => oneHikeAtATime(db, ctx, () => requestInTransaction(db, ctx, matchId)),
    () => notFound('Match'),
  );
}

async function requestInTransaction(db: Db, ctx: MatchContext, matchId: string): Promise<MatchView> {
  return db.transaction(async (tx) => {
    // Comfort (ADR 0031): a search whose owner's or requester's preferences rule the other out is
    // answered as a search that does not exist.
    const [search] = await tx
      .select({ owner: matches.id1, ownerMayMatch: sql<boolean>`${mayBeMatched(sql`${matches.id1}`)}` })
      .from(matches)
      .where(eq(matches.id, matchId));
    // The search of someone who may no longer match (ADR 0038) is one Best Matches no longer shows: gone.
    if (search && search.owner !== ctx.userId && !search.ownerMayMatch) throw notFound('Match');
    if (search && search.owner !== ctx.userId) await assertComfortable(tx, ctx.userId, search.owner, () => notFound('Match'));
    let compatibility: number | null = null;
    if (search && search.owner !== ctx.userId) {
      const row = await loadMatch(tx, matchId);
      await assertNotBooked(tx, ctx.userId, { start: row.startTime, end: row.endTime }, ctx);
      // The number the pair will see everywhere from now on (issue 24), fixed at the request.
      compatibility = await pairCompatibilityNow(tx, search.owner, ctx.userId, row.trailId, ctx.now);
    }
    const [m] = await tx
      .update(matches)
      .set({
        status: 'pending',
        id2: ctx.userId,
        participants: sql`ARRAY[${matches.id1}, ${ctx.userId}]::text[]`,
        requestedBy: ctx.userId,
        compatibility,
      })
      .where(and(eq(matches.id, matchId), eq(matches.status, 'searching'), ne(matches.id1, ctx.userId)))
      .returning();
    if (!m) throw await refusal(tx, matchId, 'request', ctx.userId, { selfIf: (row) => row.id1 === ctx.userId });
    await announce(tx, m);
    await notify(tx, { recipientId: m.id1, kind: 'request-received', matchId: m.id, actorId: ctx.userId, now: ctx.now });
    return (await presentMatches(tx, [m], ctx.userId, ctx.now))[0]!;
  });
}

/** Invite to Hike from a profile: the inviter's search for the slot becomes pending with the invitee. */
export async function invite(db: Db, ctx: MatchContext, input: InviteInput): Promise<MatchView> {
  if (input.userId === ctx.userId) throw selfMatch();
  // A blocked pair is answered like a person who does not exist (ADR 0032).
  return asIfUnavailable(
    () => oneHikeAtATime(db, ctx, () => inviteInTransaction(db, ctx, input)),
    () => notFound('Profile'),
  );
}

async function inviteInTransaction(db: Db, ctx: MatchContext, input: InviteInput): Promise<MatchView> {
  return db.transaction(async (tx) => {
    // Only someone who may match receives an invitation (ADR 0038); anyone else is answered as nobody.
    const [invitee] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, input.userId), mayBeMatched(input.userId)));
    if (!invitee) throw notFound('Profile');
    // Someone either person's comfort preferences rule out gets the same answer as nobody (ADR 0031).
    await assertComfortable(tx, ctx.userId, input.userId, () => notFound('Profile'));
    const trail = await loadTrail(tx, input.trailId);
    const slot = slotOf(trail, input.day, input.time, ctx.timeZone);
    if (slot.start <= ctx.now) throw invalidField(input.time ? 'time' : 'day', SESSION_STARTED_MESSAGE);
    // Either person already on a hike at that time: refused, naming it (ADR 0054).
    await assertNotBooked(tx, ctx.userId, slot, ctx);
    await assertNotBooked(tx, input.userId, slot, ctx);
    const { match } = await ensureSearch(tx, ctx.userId, trail, slot);
    const [m] = await tx
      .update(matches)
      .set({
        status: 'pending',
        id2: input.userId,
        participants: [ctx.userId, input.userId],
        requestedBy: ctx.userId,
        // The number the pair will see everywhere from now on (issue 24), fixed at the invitation.
        compatibility: await pairCompatibilityNow(tx, ctx.userId, input.userId, trail.id, ctx.now),
      })
      .where(and(eq(matches.id, match.id), eq(matches.status, 'searching')))
      .returning();
    if (!m) throw illegal('invite', await loadMatch(tx, match.id));
    await announce(tx, m);
    await notify(tx, { recipientId: input.userId, kind: 'invitation-received', matchId: m.id, actorId: ctx.userId, now: ctx.now });
    return (await presentMatches(tx, [m], ctx.userId, ctx.now))[0]!;
  });
}

/** The partner's level for the trail's activity, as the mail shows it (biking has its own, issue 23), in the app's words. */
function skillLevelText(skills: Partial<Record<Activity, string | null>>, activity: Activity): string {
  const level = skills[activity] ?? PROFILE_DEFAULTS.skills[activity];
  return SKILL_LABELS[level as SkillLevel] ?? level;
}

/**
 * Accept (pending → confirmed). The match's row is locked first, so of any number of concurrent
 * accepts exactly one confirms and the others find it confirmed (a 409 naming its state). Then,
 * in the same transaction (ADR 0054): everyone's other plans at overlapping times end, with a
 * notification to whoever else was in them; the confirming write, which the database refuses if
 * anyone would be on two hikes at once (a 409 naming the hike); compatibility; the
 * match-confirmed mail to the accepter and the match-accepted notification to the requester
 * (product §7; ADR 0025). Accepting opens no new search: looking for more people is the choice of
 * room made when the search started.
 */
export async function acceptMatch(db: Db, ctx: MatchContext, matchId: string): Promise<MatchView> {
  return oneHikeAtATime(db, ctx, () => acceptInTransaction(db, ctx, matchId));
}

async function acceptInTransaction(db: Db, ctx: MatchContext, matchId: string): Promise<MatchView> {
  return db.transaction(async (tx) => {
    const [locked] = await tx
      .select()
      .from(matches)
      .where(
        and(
          eq(matches.id, matchId),
          eq(matches.status, 'pending'),
          arrayContains(matches.participants, [ctx.userId]),
          ne(matches.requestedBy, ctx.userId),
        ),
      )
      .for('update');
    if (!locked)
      throw await refusal(tx, matchId, 'accept', ctx.userId, {
        participantsOnly: true,
        selfIf: (row) => row.requestedBy === ctx.userId && row.status === 'pending',
      });
    for (const person of locked.participants) await endOtherPlans(tx, person, locked, ctx.now, (ended) => announce(tx, ended));

    const trail = await loadTrail(tx, locked.trailId);
    // One after the other: a transaction is one connection, which runs one query at a time.
    const a = await personRow(tx, locked.id1);
    const b = await personRow(tx, locked.id2!);
    const [confirmed] = await tx
      .update(matches)
      // The number fixed at the request stays (issue 24); only a pending row from before it gets one now.
      .set({
        status: 'confirmed',
        confirmedAt: ctx.now,
        compatibility: locked.compatibility ?? (await pairCompatibilityNow(tx, locked.id1, locked.id2!, locked.trailId, ctx.now)),
      })
      .where(and(eq(matches.id, matchId), eq(matches.status, 'pending')))
      .returning();
    const m = confirmed!;

    const accepter = m.id1 === ctx.userId ? a : b;
    const requester = m.id1 === ctx.userId ? b : a;
    const details = (partner: NonNullable<typeof a>) => ({
      partnerBio: partner.profile?.bio ?? '',
      partnerSkillLevel: skillLevelText(matchingTraits(partner.profile)?.skills ?? PROFILE_DEFAULTS.skills, trail.activity),
      location: trail.location,
      startTime: formatMailDateTime(m.startTime, ctx.timeZone),
      endTime: formatMailDateTime(m.endTime, ctx.timeZone),
    });
    // The one who asked hears of the accept through the notifications (in the app, and by mail
    // with the match-confirmed details if they do not see it in time: ADR 0025). The one who
    // accepted gets the match-confirmed mail at once, as product §7 sends it to both parties: it is
    // the record of what they just did, not news to them.
    if (requester && accepter) {
      await notify(tx, {
        recipientId: requester.user.id,
        kind: 'match-accepted',
        matchId: m.id,
        actorId: ctx.userId,
        params: details(accepter),
        now: ctx.now,
      });
      const d = details(requester);
      await enqueueMail(tx, {
        template: 'match-confirmed',
        // A tenant account's mailbox is its tenant_email (ADR 0009).
        to: accepter.user.tenantEmail ?? accepter.user.email,
        params: {
          to_name: accepter.profile?.fullName ?? accepter.user.name,
          partner_name: requester.profile?.fullName ?? requester.user.name,
          partner_bio: d.partnerBio,
          partner_skill_level: d.partnerSkillLevel,
          trail_name: trail.name,
          start_time: d.startTime,
          end_time: d.endTime,
          location: trail.location,
        },
        idempotencyKey: `match-confirmed:${m.id}:${accepter.user.id}`,
      });
    }
    await announce(tx, m);
    return (await presentMatches(tx, [m], ctx.userId, ctx.now))[0]!;
  });
}

/**
 * A request to someone's open search made their search row the pending match; when that request
 * ends unanswered-yes (rejected or withdrawn), the searcher gets a search for the slot back,
 * unless the session has started. An invitation was the inviter's own search: it just ends.
 */
export async function giveSearchBack(tx: DbOrTx, m: MatchRow, now: Date) {
  const wasSomeonesSearch = m.requestedBy !== m.id1 && !m.createdManually;
  if (wasSomeonesSearch && m.startTime > now) {
    await ensureSearch(tx, m.id1, await loadTrail(tx, m.trailId), { start: m.startTime, end: m.endTime }, m.id);
  }
}

/**
 * Reject (pending → cancelled, user_cancelled): participants only. Rejecting refuses that one
 * request or invitation and nothing else (see giveSearchBack).
 */
export async function rejectMatch(db: Db, ctx: MatchContext, matchId: string): Promise<MatchView> {
  return db.transaction(async (tx) => {
    const [m] = await tx
      .update(matches)
      .set({ status: 'cancelled', cancelReason: 'user_cancelled', cancelledBy: ctx.userId, cancelledAt: ctx.now })
      .where(and(eq(matches.id, matchId), eq(matches.status, 'pending'), arrayContains(matches.participants, [ctx.userId])))
      .returning();
    if (!m) throw await refusal(tx, matchId, 'reject', ctx.userId, { participantsOnly: true });
    // The one who asked taking it back withdraws it; the other one declining rejects it.
    const partner = partnerOf(m, ctx.userId);
    if (partner) {
      const kind = m.requestedBy === ctx.userId ? 'request-withdrawn' : 'match-rejected';
      await notify(tx, { recipientId: partner, kind, matchId: m.id, actorId: ctx.userId, now: ctx.now });
    }
    await giveSearchBack(tx, m, ctx.now);
    await announce(tx, m);
    return (await presentMatches(tx, [m], ctx.userId, ctx.now))[0]!;
  });
}

/** Cancel Search (searching → cancelled): only the searcher. */
export async function cancelSearch(db: Db, ctx: MatchContext, matchId: string): Promise<MatchView> {
  return db.transaction(async (tx) => {
    const [m] = await tx
      .update(matches)
      .set({ status: 'cancelled', cancelReason: 'user_cancelled', cancelledBy: ctx.userId, cancelledAt: ctx.now })
      .where(and(eq(matches.id, matchId), eq(matches.status, 'searching'), eq(matches.id1, ctx.userId)))
      .returning();
    if (!m) throw await refusal(tx, matchId, 'cancelSearch', ctx.userId, { participantsOnly: true });
    await announce(tx, m);
    return (await presentMatches(tx, [m], ctx.userId, ctx.now))[0]!;
  });
}

/** Propose a Date: a manual event (status active, the trail's own duration) on the trail at the chosen time. */
export async function proposeDate(db: Db, ctx: MatchContext, input: CustomDateInput): Promise<MatchView> {
  const start = new Date(input.startTime);
  const problem = validateCustomEventStart(start, ctx.now);
  if (problem) throw invalidField('startTime', problem);
  return db.transaction(async (tx) => {
    const trail = await loadTrail(tx, input.trailId);
    const session = customEventSession(start, trail.hours);
    const [m] = await tx
      .insert(matches)
      .values({
        trailId: trail.id,
        status: 'active',
        startTime: session.start,
        endTime: session.end,
        id1: ctx.userId,
        participants: [ctx.userId],
        createdManually: true,
      })
      // matches_one_custom_event_uq: the same event twice (a double submit, two tabs) is refused.
      .onConflictDoNothing()
      .returning();
    if (!m) throw conflict('You already proposed a date on this trail at this time.', 'already-exists');
    await announce(tx, m);
    return (await presentMatches(tx, [m], ctx.userId, ctx.now))[0]!;
  });
}

/** Deletes one of the user's own created events ("My Created Events"). */
export async function deleteCreatedEvent(db: Db, ctx: MatchContext, matchId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [m] = await tx
      .delete(matches)
      .where(and(eq(matches.id, matchId), eq(matches.id1, ctx.userId), eq(matches.createdManually, true)))
      .returning();
    if (!m) {
      const existing = await loadMatch(tx, matchId);
      if (existing.id1 !== ctx.userId) throw forbidden('Only the person who created an event can delete it.');
      throw conflict('Only events you created with Propose a Date can be deleted.', 'failed-precondition');
    }
    await announce(tx, m, 'deleted');
  });
}

/** The user's matches for the agenda and the matches page: everything but cancelled ones. */
export async function listMyMatches(db: DbOrTx, userId: string, now: Date): Promise<MatchView[]> {
  const rows = await db
    .select()
    .from(matches)
    .where(and(arrayContains(matches.participants, [userId]), ne(matches.status, 'cancelled')))
    .orderBy(asc(matches.startTime), asc(matches.createdAt));
  return presentMatches(db, rows, userId, now);
}

/**
 * Past partners (confirmed or completed matches whose session has ended by `now`), newest
 * first, one entry per partner. A confirmed hike still to come is not a past one.
 */
export async function listPastPartners(db: DbOrTx, userId: string, now: Date): Promise<PastPartner[]> {
  const rows = await db
    .select({ match: matches, trailName: trails.name })
    .from(matches)
    .leftJoin(trails, eq(trails.id, matches.trailId))
    .where(
      and(arrayContains(matches.participants, [userId]), sql`${matches.status} IN ('confirmed', 'completed')`, lte(matches.endTime, now)),
    )
    .orderBy(sql`${matches.startTime} DESC`);
  const latest = new Map<string, (typeof rows)[number]>();
  for (const row of rows) {
    const partner = partnerOf(row.match, userId);
    if (partner && !latest.has(partner)) latest.set(partner, row);
  }
  const profilesById = await publicProfilesById(db, [...latest.keys()], userId);
  return [...latest.entries()].flatMap(([partnerId, row]) => {
    const profile = profilesById.get(partnerId);
    if (!profile) return [];
    return [
      {
        profile,
        compatibility: row.match.compatibility,
        matchId: row.match.id,
        trailName: row.trailName,
        startTime: row.match.startTime.toISOString(),
      },
    ];
  });
}

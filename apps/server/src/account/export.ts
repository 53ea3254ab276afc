import { asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { AccountExport } from '@trailbuddy/shared/contracts/account';
import { loadAbilities } from '../ability/figures-store.js';
import type { DbOrTx } from '../db/client.js';
import { activityConnections, favourites, matches, matchFeedback, messages, notifications, trails, users } from '../db/schema/index.js';
import { presentNotification } from '../notifications/inbox.js';
import { loadPreferences } from '../notifications/preferences.js';
import { presentMatches } from '../matches/match-presenter.js';
import { getOwnProfile } from '../profiles/profiles.js';

/** A partner as the archive names them: the first word of their display name, nothing else. */
const firstName = (name: string) => name.trim().split(/\s+/)[0] ?? '';

/**
 * Download my data (ADR 0034): one JSON document of what TrailBuddy holds about the person, read
 * in one snapshot. Others appear only as a first name (a partner) or as "partner" (a message's
 * author): never their e-mail, phone, profile or contact.
 */
export async function exportAccount(db: DbOrTx, userId: string, now: Date): Promise<AccountExport> {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) throw new Error(`exportAccount: no user ${userId}`);
  const profile = await getOwnProfile(db, userId);

  const matchRows = await db
    .select()
    .from(matches)
    .where(sql`${matches.participants} @> ARRAY[${userId}]::text[] OR ${matches.id1} = ${userId}`)
    .orderBy(desc(matches.startTime));
  const views = await presentMatches(db, matchRows, userId, now);
  const matchIds = matchRows.map((m) => m.id);

  const messageRows =
    matchIds.length === 0
      ? []
      : await db
          .select({ matchId: messages.matchId, senderId: messages.senderId, body: messages.body, createdAt: messages.createdAt })
          .from(messages)
          .where(inArray(messages.matchId, matchIds))
          .orderBy(asc(messages.matchId), asc(messages.seq));
  const feedbackRows = await db.select().from(matchFeedback).where(eq(matchFeedback.userId, userId));
  const notificationRows = await db
    .select()
    .from(notifications)
    .where(eq(notifications.recipientId, userId))
    .orderBy(desc(notifications.createdAt));
  const favouriteRows = await db
    .select({ name: trails.name })
    .from(favourites)
    .innerJoin(trails, eq(trails.id, favourites.trailId))
    .where(eq(favourites.userId, userId));

  return {
    exportedAt: now.toISOString(),
    account: {
      id: user.id,
      name: user.name,
      email: user.email,
      emailVerified: user.emailVerified,
      phoneNumber: user.phoneNumber,
      createdAt: user.createdAt.toISOString(),
    },
    profile: { ...profile },
    matches: views.map((m) => ({
      id: m.id,
      trail: m.trail?.name ?? null,
      status: m.status,
      startTime: m.startTime,
      endTime: m.endTime,
      role: m.role,
      partner: m.partner ? { firstName: firstName(m.partner.name) } : null,
      cancellation: m.cancellation,
    })),
    messages: messageRows.map((m) => ({
      matchId: m.matchId,
      from: m.senderId === userId ? ('me' as const) : ('partner' as const),
      body: m.body,
      sentAt: m.createdAt.toISOString(),
    })),
    feedbackGiven: feedbackRows.map((f) => ({
      matchId: f.matchId,
      attended: f.attended,
      rating: f.rating,
      comment: f.comment,
      wouldHikeAgain: f.wouldHikeAgain,
      skipped: f.skipped,
      submittedAt: f.submittedAt.toISOString(),
    })),
    notifications: notificationRows.map((n) => {
      // The texts name the partner as the notification did, by first name only, like the matches.
      const { actorName } = n.params;
      const params = actorName === undefined ? n.params : { ...n.params, actorName: firstName(actorName) };
      const { kind, title, body, createdAt, readAt } = presentNotification({ ...n, params });
      return { kind, title, body, createdAt, readAt };
    }),
    preferences: { notifications: await loadPreferences(db, userId) },
    favouriteTrails: favouriteRows.map((f) => f.name),
    measuredAbility: await loadAbilities(db, userId, now),
    activityConnections: (await db.select().from(activityConnections).where(eq(activityConnections.userId, userId))).map((c) => ({
      provider: c.provider,
      connectedAt: c.connectedAt.toISOString(),
      lastImportAt: c.lastImportAt?.toISOString() ?? null,
    })),
  };
}

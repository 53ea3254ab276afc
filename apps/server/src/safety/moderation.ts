import { and, arrayContains, asc, desc, eq, inArray } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AdminReport, AdminReportActionInput, AuditEntry, ReportReason, ReportStatus } from '@trailbuddy/shared/contracts/safety';
import type { Auth } from '../auth/auth.js';
import type { Db, DbOrTx } from '../db/client.js';
import { lockInTransaction } from '../db/locks.js';
import { adminAuditLog, matches, reports, users } from '../db/schema/index.js';
import { conflict, notFound } from '../errors.js';
import { publishEvent } from '../events/publish.js';
import { contactEmailOf } from '../auth/users.js';
import { notify } from '../notifications/notify.js';
import { announce } from '../matches/matches.js';
import { partnerOf } from '../matches/match-presenter.js';

export interface AdminActor {
  id: string;
  email: string;
  /** The administrator's request: Better Auth's admin plugin checks their session before it bans. */
  headers: Headers;
}

/** One row of the append-only audit log: who, what, when, why (a trigger refuses any edit). */
export async function recordAdminAction(
  db: DbOrTx,
  admin: AdminActor,
  entry: { action: string; targetUserId?: string | null; reportId?: string | null; note: string; now: Date },
) {
  await db.insert(adminAuditLog).values({
    adminId: admin.id,
    adminEmail: admin.email,
    action: entry.action,
    targetUserId: entry.targetUserId ?? null,
    reportId: entry.reportId ?? null,
    note: entry.note,
    createdAt: entry.now,
  });
}

const reporter = alias(users, 'reporter');
const reported = alias(users, 'reported');
const person = (u: typeof users.$inferSelect) => ({ id: u.id, name: u.name, email: u.isAnonymous ? null : u.email, disabled: u.disabled });

/** The moderation queue: one status's reports, oldest first (the longest waiting is handled first). */
export async function listReports(db: DbOrTx, status: ReportStatus): Promise<AdminReport[]> {
  const rows = await db
    .select({ report: reports, reporter, reported })
    .from(reports)
    .innerJoin(reporter, eq(reporter.id, reports.reporterId))
    .innerJoin(reported, eq(reported.id, reports.reportedId))
    .where(eq(reports.status, status))
    .orderBy(status === 'closed' ? desc(reports.updatedAt) : asc(reports.createdAt))
    .limit(200);
  return rows.map(({ report: r, reporter: from, reported: about }) => ({
    id: r.id,
    status: r.status,
    resolution: r.resolution,
    reason: r.reason as ReportReason,
    details: r.details,
    reporter: person(from),
    reported: person(about),
    context: r.context,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  }));
}

export const DISABLED_PARTNER_NOTE = 'This account is no longer active.';

/**
 * Disables an account inside the moderation transaction. First the admin plugin's ban (ADR 0046):
 * the flag that refuses every new session and the sessions deleted, committed at once by Better
 * Auth, so a later rollback leaves the account disabled, the safe side (the action can be
 * repeated). Then its open searches and matches cancelled with the partners told, and a
 * `session.ended` event that closes its open live streams on every instance (ADR 0032).
 */
async function disableAccount(tx: DbOrTx, auth: Auth, admin: AdminActor, userId: string, note: string, now: Date) {
  await auth.api.banUser({ body: { userId, banReason: note || undefined }, headers: admin.headers });
  const cancelled = await tx
    .update(matches)
    .set({ status: 'cancelled', cancelReason: 'user_cancelled', cancelledBy: userId, cancelledAt: now, cancelNote: DISABLED_PARTNER_NOTE })
    .where(and(inArray(matches.status, ['searching', 'pending', 'confirmed']), arrayContains(matches.participants, [userId])))
    .returning();
  for (const m of cancelled) {
    await announce(tx, m);
    const partner = partnerOf(m, userId);
    if (partner) {
      await notify(tx, {
        recipientId: partner,
        kind: 'match-cancelled',
        matchId: m.id,
        actorId: userId,
        params: { reason: DISABLED_PARTNER_NOTE },
        now,
      });
    }
  }
  await publishEvent(tx, { type: 'session.ended', audience: [userId], payload: { reason: 'account-disabled' } });
}

const RESOLUTION = { dismiss: 'dismissed', warn: 'warned', disable: 'disabled' } as const;

/**
 * An administrator acts on a report: review (open → in review), dismiss, warn or disable (→ closed).
 * The change, its effect and its audit-log row commit together; a closed report takes no action.
 */
export async function actOnReport(
  db: Db,
  auth: Auth,
  admin: AdminActor,
  reportId: string,
  { action, note, message }: AdminReportActionInput,
  now: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    const [report] = await tx.select().from(reports).where(eq(reports.id, reportId)).for('update');
    if (!report) throw notFound('Report');
    if (report.status === 'closed') throw conflict('This report is already closed.', 'failed-precondition');
    if (action === 'review') {
      await tx.update(reports).set({ status: 'in_review', updatedAt: now }).where(eq(reports.id, reportId));
    } else {
      await tx.update(reports).set({ status: 'closed', resolution: RESOLUTION[action], updatedAt: now }).where(eq(reports.id, reportId));
      // The member reads the warning's own message; the note stays in the audit log (issue 23).
      if (action === 'warn') {
        await notify(tx, { recipientId: report.reportedId, kind: 'account-warning', params: { message }, now });
      }
      if (action === 'disable') await disableAccount(tx, auth, admin, report.reportedId, note, now);
    }
    await recordAdminAction(tx, admin, { action: `report.${action}`, targetUserId: report.reportedId, reportId, note, now });
  });
}

/**
 * An administrator disables or enables an account by hand (`/api/admin/users/:id/disable|enable`):
 * disabling has the very effect of disabling from a report (every session and live stream ends at
 * once, open plans are cancelled and partners told), and either way the audit log records who,
 * what, when and the reason given, if any, in the same transaction. Null for an unknown account.
 */
export async function setAccountDisabled(
  db: Db,
  auth: Auth,
  admin: AdminActor,
  userId: string,
  { disabled, reason, now }: { disabled: boolean; reason: string | undefined; now: Date },
) {
  return db.transaction(async (tx) => {
    // One change of an account at a time (the audit log's order is the flag's). Not a row lock:
    // the plugin updates the row from its own connection.
    await lockInTransaction(tx, 'account-disabled', userId);
    const [user] = await tx.select().from(users).where(eq(users.id, userId));
    if (!user) return null;
    await recordAdminAction(tx, admin, {
      action: disabled ? 'user.disable' : 'user.enable',
      targetUserId: userId,
      note: reason ?? '',
      now,
    });
    if (disabled) await disableAccount(tx, auth, admin, userId, reason ?? '', now);
    else await auth.api.unbanUser({ body: { userId }, headers: admin.headers });
    // A tenant account (ADR 0009) shows its real address; a guest none.
    return { id: user.id, email: user.isAnonymous ? null : (contactEmailOf(user) ?? user.email), disabled };
  });
}

export async function listAuditLog(db: DbOrTx, limit = 200): Promise<AuditEntry[]> {
  const rows = await db.select().from(adminAuditLog).orderBy(desc(adminAuditLog.id)).limit(limit);
  return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
}

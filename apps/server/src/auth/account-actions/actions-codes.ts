import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { OPERATION_OF_MODE, type ActionMode, type ActionOperation } from '@trailbuddy/shared/contracts/identity-actions';
import { and, eq, isNull } from 'drizzle-orm';
import { actionLink } from './action-link.js';
import type { DbOrTx } from '../../db/client.js';
import { identityActionCodes, users } from '../../db/schema/index.js';
import { enqueueMail, type EnqueueParams, type MailToEnqueue } from '../../mail/queue.js';
import { identityError } from '../errors.js';

export type ActionCodeRow = typeof identityActionCodes.$inferSelect;

/**
 * Every code a mail carries has a row here, found by its SHA-256 (the code itself is never
 * stored): ours are 32 random bytes, base64url; Better Auth's reset and verification tokens are
 * recorded when it mails them (auth/account-actions/account-actions.ts), so one table says what any code does.
 */
const hashCode = (code: string) => createHash('sha256').update(code).digest('hex');

/**
 * Operations where a newer code replaces the older ones (resend invalidation). The defence links
 * (recoverEmail, revertSecondFactorAddition) are never superseded: a second e-mail change by
 * whoever took the account must not kill the owner's link to undo the first one.
 */
const SUPERSEDED_ON_RESEND: ReadonlySet<ActionOperation> = new Set(['PASSWORD_RESET', 'VERIFY_EMAIL', 'VERIFY_AND_CHANGE_EMAIL']);

/** The widget's page of each operation: the shared OPERATION_OF_MODE read the other way. */
const MODE_OF_OPERATION = Object.fromEntries(Object.entries(OPERATION_OF_MODE).map(([mode, op]) => [op, mode])) as Record<
  ActionOperation,
  ActionMode
>;

export interface NewActionCode {
  operation: ActionOperation;
  userId: string;
  email: string;
  previousEmail?: string | null;
  data?: Record<string, unknown>;
  ttlMs: number;
  /** The code to record (a token Better Auth minted); by default a fresh one of ours. */
  oobCode?: string;
}

/**
 * Mints a single-use action code (pass the caller's transaction so the code, the change that
 * caused it and its mail commit together) and returns it with its `/auth?mode=…&oobCode=…` link.
 */
export async function createActionCode(tx: DbOrTx, appUrl: string, code: NewActionCode, now: Date) {
  if (SUPERSEDED_ON_RESEND.has(code.operation)) {
    await tx
      .delete(identityActionCodes)
      .where(
        and(
          eq(identityActionCodes.userId, code.userId),
          eq(identityActionCodes.operation, code.operation),
          isNull(identityActionCodes.usedAt),
        ),
      );
  }
  const oobCode = code.oobCode ?? randomBytes(32).toString('base64url');
  const id = randomUUID();
  await tx.insert(identityActionCodes).values({
    id,
    codeHash: hashCode(oobCode),
    operation: code.operation,
    userId: code.userId,
    email: code.email,
    previousEmail: code.previousEmail ?? null,
    data: code.data ?? {},
    createdAt: now,
    expiresAt: new Date(now.getTime() + code.ttlMs),
  });
  return { id, oobCode, link: actionLink(appUrl, MODE_OF_OPERATION[code.operation], oobCode) };
}

/** The mails that carry one of our action codes, and what each says beside its link. */
type ActionMailTemplate = 'verify-email' | 'reset-password' | 'verify-and-change-email' | 'recover-email' | 'second-factor-added';
type ActionMail = { [N in ActionMailTemplate]: { template: N; params: Omit<EnqueueParams<N>, 'link'> } }[ActionMailTemplate];

/** Mints an action code and queues, in the same transaction, the mail that carries its link to the code's address. */
export async function mailActionLink(tx: DbOrTx, ctx: { appUrl: string; now: Date }, code: NewActionCode, mail: ActionMail) {
  const { id, link } = await createActionCode(tx, ctx.appUrl, code, ctx.now);
  const params = { ...mail.params, link };
  await enqueueMail(tx, { template: mail.template, to: code.email, params, idempotencyKey: `${mail.template}:${id}` } as MailToEnqueue);
}

/** A usable code, without spending it: known, unused and unexpired — else the widget's failure codes. */
export async function findUsableActionCode(db: DbOrTx, oobCode: string, now: Date): Promise<ActionCodeRow> {
  const [row] = await db
    .select()
    .from(identityActionCodes)
    .where(eq(identityActionCodes.codeHash, hashCode(oobCode)));
  if (!row || row.usedAt) throw identityError('invalid-action-code');
  if (row.expiresAt.getTime() <= now.getTime()) throw identityError('expired-action-code');
  return row;
}

/**
 * Spends a code inside the caller's transaction. The conditional UPDATE is the one-time-use
 * gate: of two concurrent applies, one gets the row and the other `invalid-action-code`. A
 * failure later in the transaction rolls the spending back with everything else.
 */
export async function consumeActionCode(tx: DbOrTx, oobCode: string, now: Date): Promise<ActionCodeRow> {
  const [row] = await tx
    .update(identityActionCodes)
    .set({ usedAt: now })
    .where(and(eq(identityActionCodes.codeHash, hashCode(oobCode)), isNull(identityActionCodes.usedAt)))
    .returning();
  if (!row) throw identityError('invalid-action-code');
  if (row.expiresAt.getTime() <= now.getTime()) throw identityError('expired-action-code');
  return row;
}

/** The account a code acts on, refused when an administrator disabled it. */
export async function loadActiveUser(db: DbOrTx, userId: string) {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) throw identityError('invalid-action-code');
  if (user.disabled) throw identityError('user-disabled');
  return user;
}

/** The name a mail greets: the account's name, else the mailbox's local part. */
export const greetingName = (user: { name: string; email: string }) => user.name.trim() || user.email.split('@')[0] || user.email;

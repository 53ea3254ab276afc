import type { Db } from '../db/client.js';
import { enqueueMail } from '../mail/queue.js';
import { createActionCode, greetingName } from './actions-codes.js';

/**
 * The account mails of a tenant account (ADR 0009). Better Auth mails the modal's accounts from
 * `users.email`, which for a tenant account is a placeholder, and looks accounts up by it; so a
 * tenant account's verification and reset mails carry our own action codes (identity_action_codes,
 * single use, superseded by a newer one, IDENTITY_ACTION_CODE_TTL_MIN) to its real address. The
 * same `/auth?mode=verifyEmail|resetPassword&oobCode=…` page applies them.
 */
export async function queueTenantAccountMail(
  db: Db,
  input: {
    operation: 'VERIFY_EMAIL' | 'PASSWORD_RESET';
    userId: string;
    email: string;
    name: string;
    appUrl: string;
    ttlMs: number;
    now: Date;
  },
): Promise<void> {
  const template = input.operation === 'VERIFY_EMAIL' ? 'verify-email' : 'reset-password';
  await db.transaction(async (tx) => {
    const code = await createActionCode(
      tx,
      input.appUrl,
      { operation: input.operation, userId: input.userId, email: input.email, ttlMs: input.ttlMs },
      input.now,
    );
    await enqueueMail(tx, {
      template,
      to: input.email,
      params: { to_name: greetingName({ name: input.name, email: input.email }), link: code.link },
      idempotencyKey: `${template}:${code.id}`,
    });
  });
}

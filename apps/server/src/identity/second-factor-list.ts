import type { SecondFactor, SecondFactorId } from '@trailbuddy/shared/contracts/identity-actions';
import { and, asc, eq, isNotNull } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';
import { identitySecondFactors } from '../db/schema/index.js';

/** An account's enrolled second factors, as the account and the sign-in gate list them. */
type FactorRow = typeof identitySecondFactors.$inferSelect;

export function present(row: FactorRow): SecondFactor {
  return {
    uid: row.id,
    factorId: row.factorId as SecondFactorId,
    displayName: row.displayName,
    phoneNumber: row.phoneNumber,
    enrollmentTime: (row.enrolledAt ?? row.createdAt).toISOString(),
  };
}

export async function listSecondFactors(db: DbOrTx, userId: string): Promise<SecondFactor[]> {
  const rows = await db
    .select()
    .from(identitySecondFactors)
    .where(and(eq(identitySecondFactors.userId, userId), isNotNull(identitySecondFactors.enrolledAt)))
    .orderBy(asc(identitySecondFactors.enrolledAt));
  return rows.map(present);
}

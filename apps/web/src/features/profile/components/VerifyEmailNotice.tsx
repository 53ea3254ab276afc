import type { Me } from '@trailbuddy/shared/contracts/profile';
import { MailCheck } from 'lucide-react';
import { RESEND_FAILED, useResendVerification } from '../api/resend-verification';

/** True for an account with a mailbox of its own that has not followed its verification link yet. */
export const awaitsVerification = (me: Me) => !me.user.emailVerified && me.user.email !== '' && !me.user.isAnonymous;

/**
 * Says that a verification link was mailed (sign-up sends one), where to, and why it matters,
 * with a way to have it sent again. Shown while the address is unverified.
 */
export function VerifyEmailNotice({ email }: { email: string }) {
  const resend = useResendVerification();
  return (
    <div role="status" className="flex gap-3 rounded-xl bg-sky-50 px-3.5 py-3 text-sm text-sky-900 ring-1 ring-sky-200 ring-inset">
      <MailCheck className="mt-0.5 size-5 shrink-0 text-sky-700" aria-hidden="true" />
      <div className="min-w-0 space-y-1.5">
        <p>
          We sent a verification link to <strong className="font-semibold break-all">{email}</strong>. Open it to confirm your address: you
          need a verified e-mail to find a buddy.
        </p>
        {resend.isSuccess ? (
          <p className="font-medium">We sent you a new link. Check your inbox.</p>
        ) : resend.isError ? (
          <p className="font-medium text-red-800">{RESEND_FAILED}</p>
        ) : null}
        {!resend.isSuccess && (
          <button
            type="button"
            onClick={() => resend.mutate(email)}
            disabled={resend.isPending}
            className="font-semibold text-sky-800 underline underline-offset-2 hover:text-sky-950 disabled:opacity-60"
          >
            {resend.isPending ? 'Sending…' : 'Send the e-mail again'}
          </button>
        )}
      </div>
    </div>
  );
}

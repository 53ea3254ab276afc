import { useQueryClient } from '@tanstack/react-query';
import { isMatchingGateCode, type MatchingGateCode } from '@trailbuddy/shared/contracts/error-codes';
import type { Me } from '@trailbuddy/shared/contracts/profile';
import { ShieldCheck } from 'lucide-react';
import { useEffect, useState, type ReactNode } from 'react';
import { buttonClasses } from '../../../components/ui/Button';
import { Dialog } from '../../../components/ui/Dialog';
import { ApiError } from '../../../lib/api-client';

/** The sign-in widget's page, coming back here once the guest has an account of their own. */
export const upgradeHref = (returnTo: string) => `/auth?signInSuccessUrl=${encodeURIComponent(returnTo)}`;

export const GUEST_GATE_TITLE = 'Create your account to find a buddy';
export const VERIFY_GATE_TITLE = 'Verify your e-mail to find a buddy';

/** A refusal of the matching gate (ADR 0030), wherever in the app it was answered. */
const gateRefusal = (error: unknown): ApiError | null => (error instanceof ApiError && isMatchingGateCode(error.code) ? error : null);

export interface MatchingGateProps {
  me: Me;
  /** What tells an unverified person where the link went and sends it again (the profile's notice). */
  verifyEmailNotice: (email: string) => ReactNode;
}

/**
 * Turns the server's "who may match" refusals into the next step (ADR 0030): a guest is sent to
 * create an account (the widget upgrades the guest and comes back), an unverified address gets
 * its verification link again, a missing profile brings back "Complete Your Profile". It listens
 * to every query and mutation, so no view has to know about the gate.
 */
export default function MatchingGate({ me, verifyEmailNotice }: MatchingGateProps) {
  const queryClient = useQueryClient();
  const [refusal, setRefusal] = useState<{ code: MatchingGateCode; message: string } | null>(null);

  useEffect(() => {
    const seen = (error: unknown) => {
      const gate = gateRefusal(error);
      if (!gate) return;
      // The profile or the verification changed elsewhere: /api/me says what is true now, and
      // an incomplete profile reopens Complete Your Profile by itself.
      void queryClient.invalidateQueries({ queryKey: ['me'] });
      if (gate.code === 'verification-required') setRefusal({ code: gate.code, message: gate.message });
    };
    // A refusal answered before this loaded (a search opened from a link) counts too.
    for (const query of queryClient.getQueryCache().getAll()) seen(query.state.error);
    for (const mutation of queryClient.getMutationCache().getAll()) seen(mutation.state.error);
    const stopQueries = queryClient.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') seen(event.action.error);
    });
    const stopMutations = queryClient.getMutationCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') seen(event.action.error);
    });
    return () => {
      stopQueries();
      stopMutations();
    };
  }, [queryClient]);

  if (!refusal) return null;
  const close = () => setRefusal(null);
  const guest = me.user.isAnonymous;
  return (
    <Dialog title={guest ? GUEST_GATE_TITLE : VERIFY_GATE_TITLE} description={refusal.message} onClose={close} historyEntry="matching-gate">
      <div className="space-y-4">
        <p className="flex gap-3 text-sm text-stone-700">
          <ShieldCheck className="mt-0.5 size-5 shrink-0 text-brand-700" aria-hidden="true" />
          You will spend hours on a trail with someone you have not met. Everyone who searches, invites or writes on TrailBuddy can be
          reached at an address or number they proved is theirs.
        </p>
        {guest ? (
          <a className={buttonClasses('primary', 'w-full justify-center')} href={upgradeHref(location.pathname + location.search)}>
            Create an account
          </a>
        ) : me.user.email ? (
          verifyEmailNotice(me.user.email)
        ) : null}
      </div>
    </Dialog>
  );
}

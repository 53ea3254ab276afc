import type { Me } from '@trailbuddy/shared/contracts/profile';
import { DEFAULT_AVATAR } from '@trailbuddy/shared/data/avatars';
import { LogOut, ShieldCheck } from 'lucide-react';
import { followLink } from '../../lib/location';
import { accountLabelOf } from '../../lib/queries/me';
import { useSignOut } from '../../lib/sign-out';

/** E-mail, sign-out, profile picture and, for administrators, the admin entry. Default export for React.lazy. */
export default function AccountControls({ me, onSignedOut, onProfile }: { me: Me; onSignedOut: () => void; onProfile: () => void }) {
  const signOut = useSignOut();

  return (
    <>
      {me.isAdmin && (
        <a
          href="/admin"
          onClick={(event) => followLink(event, '/admin')}
          className="inline-flex shrink-0 items-center gap-1 rounded-full px-2.5 py-2 text-sm font-semibold text-accent-700 hover:bg-accent-50"
        >
          <ShieldCheck className="size-5" aria-hidden="true" />
          <span className="sr-only sm:not-sr-only">Admin</span>
        </a>
      )}
      {/* Narrow phones keep the e-mail for screen readers only; there is no room beside the buttons.
          Wider, it shows, cut with an ellipsis: the outer span undoes sr-only (which also undoes
          truncation), the inner one truncates. The full address stays in the title and the text. */}
      <span className="sr-only min-[480px]:not-sr-only min-[480px]:min-w-0 min-[480px]:shrink">
        <span className="block max-w-44 truncate text-sm text-stone-600 md:max-w-64" title={accountLabelOf(me)}>
          {accountLabelOf(me)}
        </span>
      </span>
      <button
        type="button"
        onClick={() => signOut.mutate(undefined, { onSuccess: onSignedOut })}
        disabled={signOut.isPending}
        className="inline-flex shrink-0 items-center gap-1.5 rounded-full px-2.5 py-2 text-sm font-semibold whitespace-nowrap text-stone-700 hover:bg-stone-100 disabled:opacity-60"
      >
        <LogOut className="size-5 sm:size-4" aria-hidden="true" />
        <span className="sr-only sm:not-sr-only">Sign Out</span>
      </button>
      <button type="button" onClick={onProfile} aria-label="Your profile" className="shrink-0 rounded-full">
        <img
          src={me.profile.image || DEFAULT_AVATAR}
          alt=""
          width={36}
          height={36}
          className="size-9 shrink-0 rounded-full bg-stone-200 object-cover ring-2 ring-white"
        />
      </button>
    </>
  );
}

import { ShieldCheck } from 'lucide-react';
import { buttonClasses } from '../../../components/ui/Button';
import { followLink } from '../../../lib/location';
import { hrefOf } from '../../../lib/routes';

/** The personal profile's way to the account settings (composed in by app/main-app.tsx). */
export default function AccountSection() {
  const href = hrefOf({ name: 'account-settings' });
  return (
    <section aria-labelledby="account-heading" className="space-y-3 rounded-2xl bg-white p-5 shadow-card ring-1 ring-stone-200/70">
      <h2 id="account-heading" className="flex items-center gap-2 text-sm font-semibold tracking-wide text-stone-500 uppercase">
        <ShieldCheck className="size-4" aria-hidden="true" />
        Your account, your data
      </h2>
      <p className="text-sm text-stone-600">
        Change your password or e-mail, sign out everywhere, download your data or delete your account.
      </p>
      <a href={href} onClick={(event) => followLink(event, href)} className={buttonClasses('secondary')}>
        Account settings
      </a>
    </section>
  );
}

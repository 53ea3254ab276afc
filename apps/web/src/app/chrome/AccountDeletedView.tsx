import { ACCOUNT_DELETED_PAGE } from '@trailbuddy/shared/contracts/account';
import { UserX } from 'lucide-react';
import { StatusPage } from './StatusPage';

/**
 * Where a person lands after deleting their account (issue 23): it says the account is gone, so
 * nobody is left wondering whether it worked. Signed out by then; loaded when needed, like every
 * view but Home. Default export for React.lazy.
 */
export default function AccountDeletedView() {
  return (
    <StatusPage
      id="account-deleted-heading"
      icon={<UserX className="size-10 text-brand-600" aria-hidden="true" />}
      title={ACCOUNT_DELETED_PAGE.title}
    >
      {ACCOUNT_DELETED_PAGE.body}
    </StatusPage>
  );
}

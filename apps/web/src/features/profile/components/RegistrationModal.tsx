import type { Me } from '@trailbuddy/shared/contracts/profile';
import { DEFAULT_AVATAR } from '@trailbuddy/shared/data/avatars';
import { LogOut } from 'lucide-react';
import { useId } from 'react';
import { Alert } from '../../../components/ui/Alert';
import { Button } from '../../../components/ui/Button';
import { DialogFrame } from '../../../components/ui/Dialog';
import { REGISTRATION_FAILED, useCompleteRegistration } from '../api/complete-registration';
import { useSignOut } from '../../../lib/sign-out';
import { registrationDefaults } from '../utils/profile-form';
import { PhotoPicker } from './PhotoPicker';
import { ProfileFormFields, useProfileForm } from './ProfileFormFields';
import { awaitsVerification, VerifyEmailNotice } from './VerifyEmailNotice';

/**
 * "Complete Your Profile" (product §2, §4 user journey, §5): shown while the signed-in user has
 * not completed registration. It cannot be dismissed, only completed, or left by signing out.
 * A scrollable form, at most 85% of the viewport high and 400px wide.
 */
export default function RegistrationModal({ me }: { me: Me }) {
  const titleId = useId();
  const descriptionId = useId();
  const registration = useCompleteRegistration();
  const signOut = useSignOut();
  const { form, problem, submit } = useProfileForm({
    initialValues: () => registrationDefaults(me),
    save: (payload, callbacks) => registration.mutate(payload, callbacks),
    failureMessage: REGISTRATION_FAILED,
  });

  const busy = registration.isPending || registration.isSuccess;

  // It cannot be dismissed (no onDismiss): Escape does nothing and Back keeps it open.
  return (
    <DialogFrame
      labelledBy={titleId}
      describedBy={descriptionId}
      historyEntry="registration"
      initialFocus="dialog"
      placement="center"
      panelClassName="relative flex max-h-[85vh] w-full max-w-[400px] flex-col overflow-hidden rounded-3xl bg-white shadow-xl"
    >
      <div className="flex items-center gap-3 border-b border-stone-100 px-5 pt-5 pb-4">
        <img
          src={me.profile.image || DEFAULT_AVATAR}
          alt=""
          width={48}
          height={48}
          className="size-12 shrink-0 rounded-full bg-stone-100 object-cover ring-2 ring-brand-100"
        />
        <div className="min-w-0">
          <h2 id={titleId} className="text-xl font-semibold tracking-tight text-stone-900">
            Complete Your Profile
          </h2>
          <p id={descriptionId} className="text-sm text-stone-600">
            Tell future buddies a little about yourself.
          </p>
        </div>
      </div>

      <form id={`${titleId}-form`} onSubmit={submit} noValidate className="min-h-0 flex-1 space-y-6 overflow-y-auto px-5 py-5">
        {awaitsVerification(me) && <VerifyEmailNotice email={me.user.email} />}
        <p className="text-xs text-stone-500">
          Fields marked <span className="text-red-700">*</span> are required.
        </p>
        <ProfileFormFields form={form} disabled={busy} />
        <fieldset>
          <legend className="mb-3 text-xs font-semibold tracking-wide text-stone-500 uppercase">Photo (optional)</legend>
          <PhotoPicker currentImage={me.profile.image} size="sm" />
        </fieldset>
      </form>

      <div className="space-y-3 border-t border-stone-100 px-5 pt-4 pb-5">
        {problem && <Alert tone="error">{problem}</Alert>}
        <Button type="submit" form={`${titleId}-form`} className="w-full" disabled={busy}>
          {busy ? 'Saving…' : 'Complete Profile'}
        </Button>
        <div className="flex items-center justify-between gap-2 text-sm text-stone-600">
          <span className="min-w-0 truncate" title={me.user.email}>
            {me.user.email}
          </span>
          <button
            type="button"
            onClick={() => signOut.mutate()}
            disabled={signOut.isPending}
            className="inline-flex shrink-0 items-center gap-1.5 rounded-full px-2.5 py-1.5 font-semibold text-stone-700 hover:bg-stone-100 disabled:opacity-60"
          >
            <LogOut className="size-4" aria-hidden="true" />
            Sign Out
          </button>
        </div>
      </div>
    </DialogFrame>
  );
}

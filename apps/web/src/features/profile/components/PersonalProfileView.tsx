import type { Me } from '@trailbuddy/shared/contracts/profile';
import { Bell, Camera, Pencil, X } from 'lucide-react';
import { useRef, useState, type ReactNode } from 'react';
import { Alert } from '../../../components/ui/Alert';
import { Button, buttonClasses } from '../../../components/ui/Button';
import { followLink } from '../../../lib/location';
import { useMe } from '../../../lib/queries/me';
import { hrefOf } from '../../../lib/routes';
import { UPDATE_PROFILE_FAILED, useUpdateProfile } from '../api/update-profile';
import { InputField } from '../../../components/ui/Field';
import { valuesFromProfile } from '../utils/profile-form';
import { PhotoPicker } from './PhotoPicker';
import { PublicProfileDetails } from '../../../components/PublicProfileDetails';
import { ProfileSkeleton } from './ProfileSkeleton';
import { ProfileFormFields, useProfileForm } from './ProfileFormFields';
import { ProfileHeader } from './ProfileHeader';
import { awaitsVerification, VerifyEmailNotice } from './VerifyEmailNotice';

/**
 * The personal-profile view (product §2): the signed-in user's own profile with an Edit/Cancel
 * toggle. Everything but the e-mail can be edited; the picture is a preset or a cropped upload.
 */
export default function PersonalProfileView({ sections }: { sections?: ReactNode }) {
  const me = useMe().data;
  if (!me) return <ProfileSkeleton />;
  return <PersonalProfile me={me} sections={sections} />;
}

/** `sections`: settings the app composes in from other features (the calendar feed), below the profile. */
function PersonalProfile({ me, sections }: { me: Me; sections?: ReactNode }) {
  const { profile } = me;
  const [editing, setEditing] = useState(false);
  const [photoOpen, setPhotoOpen] = useState(false);
  const toggleRef = useRef<HTMLButtonElement>(null);

  function stopEditing() {
    setEditing(false);
    // The form is gone: put focus back where the person started.
    requestAnimationFrame(() => toggleRef.current?.focus());
  }

  return (
    <div className="space-y-4">
      <ProfileHeader
        name={profile.name}
        image={profile.image}
        location={profile.location}
        subtitle={<p className="mt-0.5 text-sm break-all text-stone-500">{profile.email}</p>}
      >
        <button
          ref={toggleRef}
          type="button"
          className={buttonClasses(editing ? 'secondary' : 'primary')}
          onClick={() => (editing ? stopEditing() : setEditing(true))}
        >
          {editing ? <X className="size-4" aria-hidden="true" /> : <Pencil className="size-4" aria-hidden="true" />}
          {editing ? 'Cancel' : 'Edit Profile'}
        </button>
        <Button variant="secondary" aria-expanded={photoOpen} aria-controls="profile-photo" onClick={() => setPhotoOpen((open) => !open)}>
          <Camera className="size-4" aria-hidden="true" />
          Change Photo
        </Button>
        <a
          href={hrefOf({ name: 'notification-preferences' })}
          onClick={(event) => followLink(event, hrefOf({ name: 'notification-preferences' }))}
          className={buttonClasses('secondary')}
        >
          <Bell className="size-4" aria-hidden="true" />
          Notification settings
        </a>
      </ProfileHeader>

      {awaitsVerification(me) && <VerifyEmailNotice email={me.user.email} />}

      {photoOpen && (
        <section id="profile-photo" className="rounded-2xl bg-white p-5 shadow-card ring-1 ring-stone-200/70">
          <h2 className="mb-3 text-sm font-semibold tracking-wide text-stone-500 uppercase">Profile picture</h2>
          <PhotoPicker currentImage={profile.image} />
        </section>
      )}

      {editing ? <EditProfileForm me={me} onDone={stopEditing} /> : <PublicProfileDetails profile={profile} />}
      {sections}
    </div>
  );
}

function EditProfileForm({ me, onDone }: { me: Me; onDone: () => void }) {
  const update = useUpdateProfile();
  const { form, problem, submit } = useProfileForm({
    initialValues: () => valuesFromProfile(me.profile),
    save: (payload, { onError }) => update.mutate(payload, { onSuccess: onDone, onError }),
    failureMessage: UPDATE_PROFILE_FAILED,
  });

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label="Edit profile"
      className="space-y-6 rounded-2xl bg-white p-5 shadow-card ring-1 ring-stone-200/70"
    >
      <ProfileFormFields
        form={form}
        disabled={update.isPending}
        afterName={
          <InputField
            label="Email"
            type="email"
            value={me.profile.email}
            readOnly
            disabled
            hint="Your e-mail address is used to sign in and cannot be changed here."
          />
        }
      />
      {problem && <Alert tone="error">{problem}</Alert>}
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onDone} disabled={update.isPending}>
          Cancel
        </Button>
        <Button type="submit" disabled={update.isPending}>
          {update.isPending ? 'Saving…' : 'Save Changes'}
        </Button>
      </div>
    </form>
  );
}

import { ArrowLeft, UserX } from 'lucide-react';
import { Button } from '../../../components/ui/Button';
import { useNavigation } from '../../../lib/navigation';
import { usePublicProfile } from '../../../lib/queries/matches';
import { PublicProfileDetails } from '../../../components/PublicProfileDetails';
import { ProfileSkeleton } from './ProfileSkeleton';
import { ProfileHeader } from './ProfileHeader';

/** product §2 and §8: the text shown when the profile is missing. */
export const NO_PROFILE_DATA = 'No profile data available.';

/**
 * Another user's profile (product §2 "profile"): what architecture §5 calls the public profile,
 * never the e-mail. Reached from matches, so Back returns there.
 */
export default function ProfileView({ userId }: { userId: string }) {
  const { navigate } = useNavigation();
  const profileQuery = usePublicProfile(userId);
  const profile = profileQuery.data;

  const back = (
    <Button variant="ghost" className="-ml-3" onClick={() => navigate({ name: 'matches-page' })}>
      <ArrowLeft className="size-4" aria-hidden="true" />
      Back to Matches
    </Button>
  );

  if (profileQuery.isPending) {
    return (
      <div className="space-y-4" aria-busy="true">
        {back}
        <p role="status" className="sr-only">
          Loading profile…
        </p>
        <ProfileSkeleton />
      </div>
    );
  }

  if (!profile) {
    return (
      <div className="space-y-4">
        {back}
        <section className="flex flex-col items-center gap-3 rounded-3xl bg-white px-6 py-12 text-center shadow-card ring-1 ring-stone-200/70">
          <span className="rounded-full bg-stone-100 p-3 text-stone-500" aria-hidden="true">
            <UserX className="size-7" />
          </span>
          <h1 className="text-lg font-semibold text-stone-900">{NO_PROFILE_DATA}</h1>
        </section>
      </div>
    );
  }

  return (
    <div className="space-y-4">
      {back}
      <ProfileHeader name={profile.name} image={profile.image} location={profile.location} />
      <PublicProfileDetails profile={profile} />
    </div>
  );
}

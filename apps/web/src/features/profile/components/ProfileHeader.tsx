import { FALLBACK_LABELS } from '@trailbuddy/shared/contracts/fallback-labels';
import { DEFAULT_AVATAR } from '@trailbuddy/shared/data/avatars';
import { MapPin } from 'lucide-react';
import type { ReactNode } from 'react';

export const UNKNOWN_PLAYER = FALLBACK_LABELS.unknownPlayer;

/** The top card of a profile: picture, name and location, with room for actions. */
export function ProfileHeader({
  name,
  image,
  location,
  subtitle,
  children,
}: {
  name: string;
  image: string | null | undefined;
  location: string | null | undefined;
  subtitle?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <section className="relative overflow-hidden rounded-3xl bg-white shadow-card ring-1 ring-stone-200/70">
      <div className="h-20 bg-gradient-to-br from-brand-600 to-accent-600" aria-hidden="true" />
      <div className="-mt-12 flex flex-col items-center px-6 pb-6 text-center">
        <img
          src={image || DEFAULT_AVATAR}
          alt=""
          width={96}
          height={96}
          className="size-24 rounded-full bg-stone-100 object-cover shadow-sm ring-4 ring-white"
        />
        <h1 className="mt-3 text-2xl font-bold tracking-tight text-stone-900">{name.trim() || UNKNOWN_PLAYER}</h1>
        {location && (
          <p className="mt-1 flex items-center gap-1 text-sm text-stone-600">
            <MapPin className="size-4 shrink-0" aria-hidden="true" />
            {location}
          </p>
        )}
        {subtitle}
        {children && <div className="mt-4 flex flex-wrap justify-center gap-2">{children}</div>}
      </div>
    </section>
  );
}

import type { PublicProfile } from '@trailbuddy/shared/contracts/profile';
import { instagramHandle, instagramUrl } from '@trailbuddy/shared/domain/instagram';
import { AtSign, Bike, Footprints, Gauge, MessageCircle, Mountain, Sparkles } from 'lucide-react';
import type { ReactNode } from 'react';
import { ADVENTURE_LABELS, COMMUNICATION_LABELS, GENDER_LABELS, NOT_AVAILABLE, PACE_LABELS, SKILL_LABELS } from '../utils/labels';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex items-baseline justify-between gap-4 py-2.5">
      <dt className="text-sm text-stone-500">{label}</dt>
      <dd className="text-right text-sm font-medium text-stone-900">{children}</dd>
    </div>
  );
}

function Card({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="rounded-2xl bg-white p-5 shadow-card ring-1 ring-stone-200/70">
      <h2 className="mb-2 text-sm font-semibold tracking-wide text-stone-500 uppercase">{title}</h2>
      {children}
    </section>
  );
}

function SkillChip({ icon, label, level }: { icon: ReactNode; label: string; level: string }) {
  return (
    <div className="flex flex-1 items-center gap-3 rounded-xl bg-brand-50 px-3 py-2.5 ring-1 ring-brand-100 ring-inset">
      <span className="rounded-full bg-white p-1.5 text-brand-700 shadow-sm">{icon}</span>
      <div>
        <p className="text-xs text-stone-600">{label}</p>
        <p className="text-sm font-semibold text-brand-800">{level}</p>
      </div>
    </div>
  );
}

/**
 * The read-only parts of a profile (architecture §5 "Public profile"): age, gender, location,
 * skills, bio, instagram (when set) and preferences. Missing values read "N/A" (product §8).
 */
export function ProfileDetails({ profile, extraRows }: { profile: PublicProfile; extraRows?: ReactNode }) {
  const handle = instagramHandle(profile.instagram);
  return (
    <div className="grid items-start gap-4 md:grid-cols-2">
      <Card title="About">
        <dl className="divide-y divide-stone-100">
          {extraRows}
          <Row label="Age">{profile.age ?? NOT_AVAILABLE}</Row>
          <Row label="Gender">{profile.gender ? GENDER_LABELS[profile.gender] : NOT_AVAILABLE}</Row>
          <Row label="Location">{profile.location || NOT_AVAILABLE}</Row>
          {/* Optional (issue 23): no row at all for a person who has not given one. */}
          {handle && (
            <Row label="Instagram">
              <a
                href={instagramUrl(handle)}
                target="_blank"
                rel="noopener noreferrer"
                className="inline-flex items-center gap-1 font-semibold text-brand-700 hover:underline"
              >
                <AtSign className="size-3.5" aria-hidden="true" />
                {handle}
                <span className="sr-only">(Instagram, opens in a new tab)</span>
              </a>
            </Row>
          )}
        </dl>
      </Card>

      <Card title="Bio">
        <p className="text-sm leading-relaxed whitespace-pre-line text-stone-700">{profile.bio?.trim() || NOT_AVAILABLE}</p>
      </Card>

      <Card title="Experience">
        <div className="mt-3 grid grid-cols-1 gap-2 sm:grid-cols-3 md:grid-cols-1 xl:grid-cols-3">
          <SkillChip icon={<Mountain className="size-4" aria-hidden="true" />} label="Hiking" level={SKILL_LABELS[profile.skills.hiking]} />
          <SkillChip
            icon={<Footprints className="size-4" aria-hidden="true" />}
            label="Running"
            level={SKILL_LABELS[profile.skills.running]}
          />
          <SkillChip icon={<Bike className="size-4" aria-hidden="true" />} label="Biking" level={SKILL_LABELS[profile.skills.biking]} />
        </div>
      </Card>

      <Card title="Preferences">
        <dl className="divide-y divide-stone-100">
          <Row label="Pace">
            <span className="inline-flex items-center gap-1.5">
              <Gauge className="size-4 text-accent-600" aria-hidden="true" />
              {PACE_LABELS[profile.preferences.pace]}
            </span>
          </Row>
          <Row label="Communication">
            <span className="inline-flex items-center gap-1.5">
              <MessageCircle className="size-4 text-accent-600" aria-hidden="true" />
              {COMMUNICATION_LABELS[profile.preferences.communication]}
            </span>
          </Row>
          <Row label="Adventure level">
            <span className="inline-flex items-center gap-1.5">
              <Sparkles className="size-4 text-accent-600" aria-hidden="true" />
              {ADVENTURE_LABELS[profile.preferences.adventureLevel]}
            </span>
          </Row>
        </dl>
      </Card>
    </div>
  );
}

/** Same boxes as the details, so nothing moves when the profile arrives. */
export function ProfileSkeleton() {
  const bar = 'animate-pulse rounded bg-stone-200 motion-reduce:animate-none';
  return (
    <div className="space-y-4" aria-hidden="true">
      <div className="flex flex-col items-center gap-3 rounded-3xl bg-white p-6 shadow-card ring-1 ring-stone-200/70">
        <div className="size-24 animate-pulse rounded-full bg-stone-200 motion-reduce:animate-none" />
        <div className={`h-6 w-40 ${bar}`} />
        <div className={`h-4 w-28 ${bar}`} />
      </div>
      {[0, 1].map((i) => (
        <div key={i} className="space-y-3 rounded-2xl bg-white p-5 shadow-card ring-1 ring-stone-200/70">
          <div className={`h-4 w-24 ${bar}`} />
          <div className={`h-4 w-full ${bar}`} />
          <div className={`h-4 w-3/4 ${bar}`} />
        </div>
      ))}
    </div>
  );
}

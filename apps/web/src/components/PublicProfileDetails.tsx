import type { PublicProfile } from '@trailbuddy/shared/contracts/profile';
import { instagramHandle, instagramUrl } from '@trailbuddy/shared/domain/instagram';
import { AtSign, Bike, Footprints, Gauge, MessageCircle, Mountain, Sparkles } from 'lucide-react';
import type { ReactNode } from 'react';
import { FALLBACK_LABELS } from '@trailbuddy/shared/contracts/fallback-labels';
import {
  ADVENTURE_LABELS,
  COMMUNICATION_LABELS,
  GENDER_LABELS,
  PACE_LABELS,
  SKILL_LABELS,
} from '@trailbuddy/shared/contracts/profile-labels';

/** product §8 fallback for a value that is missing. */
const NOT_AVAILABLE = FALLBACK_LABELS.notAvailable;

export interface PublicProfileDetailsProps {
  profile: PublicProfile;
  /** Rows the caller adds at the top of "About" (the own profile's e-mail). */
  extraRows?: ReactNode;
  /**
   * Where it is shown: a page lays the four boxes out as cards, two a row from medium widths; a
   * dialog (Best Matches' profile popup) stacks them as plain sections in its one narrow column.
   */
  variant?: 'page' | 'dialog';
}

/**
 * A person's public profile (architecture §5 "Public profile"): age, gender, Instagram (only when
 * given, issue 23), bio, the three skills and the preferences, with the same labels, the same
 * product §8 "N/A" for a missing value and the one Instagram address (ADR 0066) wherever a profile
 * is shown: another person's profile page, one's own, and Best Matches' profile popup (ADR 0072).
 * The name, picture and location are the caller's header, which each place draws its own way.
 */
export function PublicProfileDetails({ profile, extraRows, variant = 'page' }: PublicProfileDetailsProps) {
  const handle = instagramHandle(profile.instagram);
  const inDialog = variant === 'dialog';
  return (
    <div className={inDialog ? 'space-y-5' : 'grid items-start gap-4 md:grid-cols-2'}>
      <Box title="About" inDialog={inDialog}>
        <dl className="divide-y divide-stone-100">
          {extraRows}
          <Row label="Age">{profile.age ?? NOT_AVAILABLE}</Row>
          <Row label="Gender">{profile.gender ? GENDER_LABELS[profile.gender] : NOT_AVAILABLE}</Row>
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
      </Box>

      <Box title="Bio" inDialog={inDialog}>
        <p className="text-sm leading-relaxed whitespace-pre-line text-stone-700">{profile.bio?.trim() || NOT_AVAILABLE}</p>
      </Box>

      <Box title="Experience" inDialog={inDialog}>
        <div className={`mt-3 grid grid-cols-1 gap-2 ${inDialog ? '' : 'sm:grid-cols-3 md:grid-cols-1 xl:grid-cols-3'}`}>
          <SkillChip icon={<Mountain className="size-4" aria-hidden="true" />} label="Hiking" level={SKILL_LABELS[profile.skills.hiking]} />
          <SkillChip
            icon={<Footprints className="size-4" aria-hidden="true" />}
            label="Running"
            level={SKILL_LABELS[profile.skills.running]}
          />
          <SkillChip icon={<Bike className="size-4" aria-hidden="true" />} label="Biking" level={SKILL_LABELS[profile.skills.biking]} />
        </div>
      </Box>

      <Box title="Preferences" inDialog={inDialog}>
        <dl className="divide-y divide-stone-100">
          <Row label="Pace">
            <Labelled icon={<Gauge className="size-4 text-accent-600" aria-hidden="true" />}>
              {PACE_LABELS[profile.preferences.pace]}
            </Labelled>
          </Row>
          <Row label="Communication">
            <Labelled icon={<MessageCircle className="size-4 text-accent-600" aria-hidden="true" />}>
              {COMMUNICATION_LABELS[profile.preferences.communication]}
            </Labelled>
          </Row>
          <Row label="Adventure level">
            <Labelled icon={<Sparkles className="size-4 text-accent-600" aria-hidden="true" />}>
              {ADVENTURE_LABELS[profile.preferences.adventureLevel]}
            </Labelled>
          </Row>
        </dl>
      </Box>
    </div>
  );
}

/** A page's box is a card under the page's h1; a dialog's is a plain section under the dialog's h2. */
function Box({ title, inDialog, children }: { title: string; inDialog: boolean; children: ReactNode }) {
  const Heading = inDialog ? 'h3' : 'h2';
  return (
    <section className={inDialog ? undefined : 'rounded-2xl bg-white p-5 shadow-card ring-1 ring-stone-200/70'}>
      <Heading className="mb-2 text-sm font-semibold tracking-wide text-stone-500 uppercase">{title}</Heading>
      {children}
    </section>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex items-baseline justify-between gap-4 py-2.5">
      <dt className="text-sm text-stone-500">{label}</dt>
      <dd className="min-w-0 text-right text-sm font-medium break-words text-stone-900">{children}</dd>
    </div>
  );
}

function Labelled({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <span className="inline-flex items-center gap-1.5">
      {icon}
      {children}
    </span>
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

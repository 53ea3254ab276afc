import { RELIABLE_BADGE_LABEL } from '@trailbuddy/shared/contracts/comfort';
import { ShieldCheck } from 'lucide-react';

/**
 * The reliability badge (ADR 0031): shown once partners' reports make a person reliable, a word
 * and never the score behind it; nothing at all otherwise (a newcomer is not marked down).
 */
export function ReliableBadge({ reliable }: { reliable: boolean }) {
  if (!reliable) return null;
  return (
    <span
      title="Buddies report they show up, on time, at the pace they described"
      className="inline-flex items-center gap-1 rounded-full bg-brand-50 px-2 py-0.5 text-xs font-semibold text-brand-800 ring-1 ring-brand-200 ring-inset"
    >
      <ShieldCheck className="size-3.5" aria-hidden="true" />
      {RELIABLE_BADGE_LABEL}
    </span>
  );
}

import { NO_LONGER_AVAILABLE, unavailableFirstName } from '@trailbuddy/shared/contracts/safety';
import { Heart } from 'lucide-react';
import { compatibilityLabel, compatibilityTitle } from '../utils/format';

/**
 * How a card's row names a person: someone in a block with me (either way, ADR 0038) by the first
 * name alone, with "no longer available" set beside it in place of the match figure. The server
 * writes them "Eva (no longer available)", which a row at a phone's width cut to "Eva (no longer a…)".
 */
export function shownPerson(name: string): { name: string; unavailable: boolean } {
  const first = unavailableFirstName(name);
  return first === null ? { name, unavailable: false } : { name: first, unavailable: true };
}

/**
 * The right-hand side of a person's row: our compatibility, or, for someone no longer available,
 * those words: a figure read from a profile they no longer show means nothing on their row.
 */
export function PersonFigure({
  unavailable,
  compatibility,
  className = '',
}: {
  unavailable: boolean;
  compatibility: number | null;
  className?: string;
}) {
  if (unavailable)
    return (
      <span className="shrink-0 rounded-full bg-stone-100 px-2.5 py-0.5 text-xs font-semibold text-stone-600 ring-1 ring-stone-200 ring-inset">
        {NO_LONGER_AVAILABLE}
      </span>
    );
  return (
    <span
      title={compatibilityTitle(compatibility)}
      className={`inline-flex shrink-0 items-center gap-1 text-sm font-semibold text-brand-800 ${className}`}
    >
      <Heart className="size-3.5 fill-current" aria-hidden="true" />
      {compatibilityLabel(compatibility)}
    </span>
  );
}

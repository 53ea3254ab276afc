import type { BestMatch } from '@trailbuddy/shared/contracts/match';
import { bestMatchWhy } from '../utils/format';

/**
 * Why a person or a hike is suggested, in a few words, then how far from the trailhead: one line
 * on a Best Matches card, in a warning colour when farther than the viewer travels (ADR 0068).
 */
export function MatchWhy({ reasons, trailhead }: Pick<BestMatch, 'reasons' | 'trailhead'>) {
  const why = bestMatchWhy({ reasons, trailhead });
  if (!why) return null;
  return (
    <p className={trailhead.beyond ? 'text-sm text-amber-800' : 'text-sm text-stone-700'}>
      <span className="sr-only">Why: </span>
      {why}
    </p>
  );
}

import type { MeasuredAbility } from '@trailbuddy/shared/contracts/ability';
import type { Activity } from '@trailbuddy/shared/contracts/enums';
import type { RouteSummary } from '@trailbuddy/shared/contracts/trail-route';
import { fitSentences, trailFit } from '@trailbuddy/shared/domain/trail-fit';
import { Activity as ActivityIcon } from 'lucide-react';

/**
 * How the trail compares with what the member has measurably done (issue 24, ADR 0057). Advice
 * only: it blocks nothing. Nothing is shown without a measured ability for the trail's activity.
 */
export function TrailFitNote({
  route,
  activity,
  abilities,
}: {
  route: RouteSummary;
  activity: Activity;
  abilities: readonly MeasuredAbility[];
}) {
  const fit = trailFit(route, activity, abilities);
  if (!fit) return null;
  const stretch = fit.longerThanEver || fit.moreClimbingThanEver;
  return (
    <section
      aria-labelledby="trail-fit"
      className={`flex gap-3 rounded-2xl p-4 ring-1 ${stretch ? 'bg-amber-50 ring-amber-200' : 'bg-brand-50 ring-brand-200'}`}
    >
      <ActivityIcon className={`mt-0.5 size-5 shrink-0 ${stretch ? 'text-amber-700' : 'text-brand-700'}`} aria-hidden="true" />
      <div>
        <h3 id="trail-fit" className="text-sm font-semibold text-stone-900">
          For you, from what you have done
        </h3>
        <ul className="mt-1 space-y-0.5 text-sm text-stone-700">
          {fitSentences(fit).map((sentence) => (
            <li key={sentence}>{sentence}</li>
          ))}
        </ul>
      </div>
    </section>
  );
}

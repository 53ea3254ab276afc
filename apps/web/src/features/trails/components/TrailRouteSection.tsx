import type { MeasuredAbility } from '@trailbuddy/shared/contracts/ability';
import type { Trail } from '@trailbuddy/shared/contracts/trail';
import { formatDistance } from '@trailbuddy/shared/domain/distance';
import { useMeasuredAbility } from '../api/get-measured-ability';
import { useTrailRoute } from '../api/get-trail-route';
import { ElevationProfileChart } from './ElevationProfileChart';
import { TrailFitNote } from './TrailFitNote';

/** The route's facts, its elevation profile and, for a member with a measured ability, the fit. */
export function TrailRouteSection({ trail }: { trail: Trail }) {
  return <TrailRouteFacts trail={trail} abilities={useMeasuredAbility()} />;
}

/** The section itself, given the member's measured abilities (empty: no fit shown). */
export function TrailRouteFacts({ trail, abilities }: { trail: Trail; abilities: readonly MeasuredAbility[] }) {
  const route = useTrailRoute(trail.id, trail.route !== null);
  if (!trail.route) return null;
  const facts = trail.route;
  return (
    <section aria-labelledby="trail-route" className="space-y-3">
      <h2 id="trail-route" className="text-lg font-semibold text-stone-900">
        Route
      </h2>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        <RouteFact label="Distance" value={formatDistance(facts.distanceMeters)} />
        <RouteFact label="Elevation gain" value={`${facts.elevationGainMeters} m`} />
        <RouteFact label="Elevation loss" value={`${facts.elevationLossMeters} m`} />
        <RouteFact label="Highest point" value={`${facts.highestPointMeters} m`} />
      </dl>
      {/* The box keeps the chart's proportions before the profile arrives: nothing below moves. */}
      <div className="aspect-[10/3] overflow-hidden rounded-2xl bg-white p-2 shadow-sm ring-1 ring-stone-200">
        {route.data ? (
          <ElevationProfileChart
            name={trail.name}
            profile={route.data.profile}
            extremes={{ lowest: facts.lowestPointMeters, highest: facts.highestPointMeters }}
          />
        ) : route.isError ? (
          <p className="p-4 text-sm text-stone-600">We couldn’t load the elevation profile.</p>
        ) : null}
      </div>
      <TrailFitNote route={facts} activity={trail.activity} abilities={abilities} />
    </section>
  );
}

function RouteFact({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-2xl bg-white p-3 shadow-sm ring-1 ring-stone-200">
      <dt className="text-xs font-medium text-stone-500">{label}</dt>
      <dd className="text-base font-semibold text-stone-900">{value}</dd>
    </div>
  );
}

import { formatDistance } from '@trailbuddy/shared/domain/distance';
import { useId } from 'react';

const WIDTH = 600;
const HEIGHT = 180;
const PAD = { top: 14, right: 8, bottom: 26, left: 68 };

/**
 * A route's elevation profile as an inline SVG (ADR 0057): an area under the line, the lowest
 * and highest elevation on the left, the length at the right. Its title and description say in
 * words what the picture shows, for a screen reader.
 */
export function ElevationProfileChart({
  name,
  profile,
  extremes,
}: {
  name: string;
  profile: readonly (readonly [number, number])[];
  /** The route's own lowest and highest points, which the labels name (the profile's resampled extremes may differ by a metre). */
  extremes?: { lowest: number; highest: number };
}) {
  const id = useId();
  if (profile.length < 2) return null;
  const total = profile[profile.length - 1]![0];
  const elevations = profile.map(([, e]) => e);
  const low = Math.min(...elevations);
  const high = Math.max(...elevations);
  // At least 50 m of scale, so a flat route does not look like a mountain.
  const span = Math.max(50, high - low);
  const bottom = low - span * 0.1;
  const top = bottom + span * 1.2;
  const x = (d: number) => PAD.left + ((WIDTH - PAD.left - PAD.right) * d) / (total || 1);
  const y = (e: number) => PAD.top + ((HEIGHT - PAD.top - PAD.bottom) * (top - e)) / (top - bottom);
  const line = profile.map(([d, e], i) => `${i === 0 ? 'M' : 'L'}${x(d).toFixed(1)},${y(e).toFixed(1)}`).join('');
  const base = (HEIGHT - PAD.bottom).toFixed(1);
  const area = `${line}L${x(total).toFixed(1)},${base}L${x(0).toFixed(1)},${base}Z`;
  const lowest = Math.round(extremes?.lowest ?? low);
  const highest = Math.round(extremes?.highest ?? high);
  const description = `Over ${formatDistance(total)}, from ${Math.round(elevations[0]!)} m to ${Math.round(elevations.at(-1)!)} m, lowest ${lowest} m, highest ${highest} m.`;

  return (
    <svg
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      role="img"
      aria-labelledby={`${id}-title ${id}-desc`}
      className="block h-auto w-full"
      data-testid="elevation-profile"
    >
      <title id={`${id}-title`}>{`Elevation profile of ${name}`}</title>
      <desc id={`${id}-desc`}>{description}</desc>
      <line x1={PAD.left} x2={WIDTH - PAD.right} y1={y(high)} y2={y(high)} className="stroke-stone-200" strokeDasharray="4 4" />
      <line x1={PAD.left} x2={WIDTH - PAD.right} y1={y(low)} y2={y(low)} className="stroke-stone-200" strokeDasharray="4 4" />
      <path d={area} className="fill-brand-100" />
      <path d={line} className="fill-none stroke-brand-700" strokeWidth={2} strokeLinejoin="round" />
      <g className="fill-stone-600 text-[17px]" aria-hidden="true">
        <text x={PAD.left - 6} y={y(high) + 4} textAnchor="end">{`${highest} m`}</text>
        <text x={PAD.left - 6} y={y(low) + 4} textAnchor="end">{`${lowest} m`}</text>
        <text x={PAD.left} y={HEIGHT - 6}>
          0
        </text>
        <text x={WIDTH - PAD.right} y={HEIGHT - 6} textAnchor="end">
          {formatDistance(total)}
        </text>
      </g>
    </svg>
  );
}

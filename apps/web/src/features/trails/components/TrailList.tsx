import type { Trail } from '@trailbuddy/shared/contracts/trail';
import type { LatLng } from '@trailbuddy/shared/domain/distance';
import { TrailCard, TrailCardSkeleton } from './TrailCard';

/** Cards that are on screen on a phone before scrolling: their images are not lazy. */
const EAGER_IMAGES = 2;
const SKELETON_COUNT = 4;

// Two columns from 640 px, three on wide screens (the app uses the width from 1024 px, ADR 0021).
const GRID = 'grid grid-cols-1 gap-5 sm:grid-cols-2 lg:grid-cols-3';
// Cards below the fold skip layout and paint until scrolled near: less work before the first
// paint (ADR 0007). The intrinsic size keeps the scrollbar honest meanwhile.
const OFFSCREEN = '[content-visibility:auto] [contain-intrinsic-size:auto_400px]';

export interface TrailListProps {
  /** For the control that extends the list (aria-controls). */
  id?: string;
  trails: readonly Trail[];
  opensSignIn: boolean;
  onChoose: (trail: Trail) => void;
  /** Listed by distance from this point: each card says how far its trailhead is. */
  origin?: LatLng;
}

export function TrailList({ id, trails, opensSignIn, onChoose, origin }: TrailListProps) {
  return (
    <ul id={id} className={GRID}>
      {trails.map((trail, index) => (
        <li key={trail.id} className={index < EAGER_IMAGES ? 'flex flex-col' : `flex flex-col ${OFFSCREEN}`}>
          <TrailCard trail={trail} eagerImage={index < EAGER_IMAGES} opensSignIn={opensSignIn} onChoose={onChoose} origin={origin} />
        </li>
      ))}
    </ul>
  );
}

export function TrailListSkeleton() {
  return (
    <div role="status" aria-live="polite">
      <span className="sr-only">Loading trails…</span>
      <div className={GRID}>
        {Array.from({ length: SKELETON_COUNT }, (_, i) => (
          <TrailCardSkeleton key={i} />
        ))}
      </div>
    </div>
  );
}

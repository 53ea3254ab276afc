import { HIKE_CAPACITY_DEFAULT, HIKE_CAPACITY_MAX } from '@trailbuddy/shared/domain/hikes';

const ROOM_SIZES = Array.from({ length: HIKE_CAPACITY_MAX - HIKE_CAPACITY_DEFAULT }, (_, i) => HIKE_CAPACITY_DEFAULT + 1 + i);

export interface RoomChoiceProps {
  /** How many people the hike takes: HIKE_CAPACITY_DEFAULT is "just the two of us". */
  value: number;
  onChange: (capacity: number) => void;
}

/** "Just the two of us" (the default) or "Room for up to N" (ADR 0054). */
export function RoomChoice({ value, onChange }: RoomChoiceProps) {
  const roomy = value > HIKE_CAPACITY_DEFAULT;
  return (
    <fieldset>
      <legend className="mb-2 text-sm font-semibold text-stone-800">Who is coming</legend>
      <div className="grid grid-cols-1 gap-2 sm:grid-cols-2">
        <label className="flex cursor-pointer items-center gap-2 rounded-2xl bg-white px-4 py-3 ring-1 ring-stone-300 ring-inset has-[:checked]:bg-brand-50 has-[:checked]:ring-2 has-[:checked]:ring-brand-600 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-600">
          <input
            type="radio"
            name="hike-room"
            checked={!roomy}
            onChange={() => onChange(HIKE_CAPACITY_DEFAULT)}
            className="accent-brand-700"
          />
          <span className="font-semibold text-stone-900">Just the two of us</span>
        </label>
        <label className="flex cursor-pointer items-center gap-2 rounded-2xl bg-white px-4 py-3 ring-1 ring-stone-300 ring-inset has-[:checked]:bg-brand-50 has-[:checked]:ring-2 has-[:checked]:ring-brand-600 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-600">
          <input
            type="radio"
            name="hike-room"
            checked={roomy}
            onChange={() => onChange(HIKE_CAPACITY_DEFAULT + 1)}
            className="accent-brand-700"
          />
          <span className="font-semibold text-stone-900">Room for up to</span>
          <select
            aria-label="How many people in all"
            value={roomy ? value : HIKE_CAPACITY_DEFAULT + 1}
            onChange={(event) => onChange(Number(event.target.value))}
            className="rounded-lg border-stone-300 py-1 text-sm"
          >
            {ROOM_SIZES.map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        </label>
      </div>
    </fieldset>
  );
}

import { ACTIVITIES } from '@trailbuddy/shared/contracts/enums';
import type { TrailPlaces } from '@trailbuddy/shared/contracts/trail';
import { TRAIL_SEARCH_MAX } from '@trailbuddy/shared/contracts/trail-list';
import { useId } from 'react';
import { HeartIcon } from '../../../components/ui/first-render-icons';
import { placeLabel, type ActivityFilter, type LocationFilter, type TrailFilters as Filters } from '../utils/filter-trails';

const ACTIVITY_OPTIONS: readonly { value: ActivityFilter; label: string }[] = [
  { value: 'all', label: 'All' },
  ...ACTIVITIES.map((activity) => ({ value: activity, label: activity[0]!.toUpperCase() + activity.slice(1) })),
];

export interface TrailFiltersProps {
  filters: Filters;
  /** The places that have trails (GET /api/trails/places), not those of the loaded pages. */
  countries: TrailPlaces['countries'];
  onChange: (filters: Filters) => void;
  /** Offer "Favourites" (issue 23): someone is signed in, so there are favourites to show. */
  showFavourites?: boolean;
}

const chip = (pressed: boolean) =>
  `shrink-0 rounded-full px-4 py-2 text-sm font-semibold transition-colors ${
    pressed ? 'bg-brand-700 text-white shadow-sm' : 'bg-white text-stone-700 ring-1 ring-stone-300 ring-inset hover:bg-stone-100'
  }`;

export function TrailFilters({ filters, countries, onChange, showFavourites = false }: TrailFiltersProps) {
  const locationId = useId();
  const searchId = useId();

  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
      <div role="group" aria-label="Activity" className="-mx-1 flex gap-2 overflow-x-auto px-1 py-1">
        {ACTIVITY_OPTIONS.map(({ value, label }) => {
          const pressed = filters.activity === value;
          return (
            <button
              key={value}
              type="button"
              aria-pressed={pressed}
              onClick={() => onChange({ ...filters, activity: value })}
              className={chip(pressed)}
            >
              {label}
            </button>
          );
        })}
        {showFavourites && (
          <button
            type="button"
            aria-pressed={filters.favouritesOnly}
            onClick={() => onChange({ ...filters, favouritesOnly: !filters.favouritesOnly })}
            className={`inline-flex items-center gap-1.5 ${chip(filters.favouritesOnly)}`}
          >
            <HeartIcon className={`size-4 ${filters.favouritesOnly ? 'fill-current' : ''}`} aria-hidden="true" />
            Favourites
          </button>
        )}
      </div>

      <div className="sm:w-56">
        <label htmlFor={searchId} className="mb-1 block text-sm font-medium text-stone-700">
          Search
        </label>
        <input
          id={searchId}
          type="search"
          value={filters.search}
          placeholder="Trail or place"
          maxLength={TRAIL_SEARCH_MAX}
          onChange={(event) => onChange({ ...filters, search: event.target.value })}
          className="block w-full rounded-xl border-0 bg-white py-2.5 pr-3 pl-3.5 text-sm text-stone-900 ring-1 ring-stone-300 ring-inset placeholder:text-stone-500 focus:ring-2 focus:ring-brand-600 focus:outline-none"
        />
      </div>

      <div className="sm:w-64">
        <label htmlFor={locationId} className="mb-1 block text-sm font-medium text-stone-700">
          Location
        </label>
        <select
          id={locationId}
          value={filters.location}
          onChange={(event) => onChange({ ...filters, location: event.target.value as LocationFilter })}
          className="block w-full rounded-xl border-0 bg-white py-2.5 pr-8 pl-3.5 text-sm text-stone-900 ring-1 ring-stone-300 ring-inset focus:ring-2 focus:ring-brand-600 focus:outline-none"
        >
          <option value="">All locations</option>
          {countries.map(({ country, places }) => (
            <optgroup key={country} label={country}>
              <option value={`country:${country}`}>All of {country}</option>
              {places.map((place) => (
                <option key={place} value={`place:${place}`}>
                  {placeLabel(place, country)}
                </option>
              ))}
            </optgroup>
          ))}
        </select>
      </div>
    </div>
  );
}

import { HeartIcon } from '../../../components/ui/first-render-icons';
import { useFavouriteTrailIds } from '../api/get-favourites';
import { useSetFavourite } from '../api/set-favourite';

/** The trail-detail favourite toggle (product §2), saved per user; only shown to a signed-in user. */
export function FavouriteToggle({ trailId }: { trailId: string }) {
  const favourites = useFavouriteTrailIds(true);
  const setFavourite = useSetFavourite();
  const pressed = favourites.data?.includes(trailId) ?? false;

  function toggle() {
    setFavourite.mutate(
      { trailId, favourite: !pressed },
      // product §8: other failures are only logged; the toggle has already flipped back.
      { onError: (error) => console.warn('Could not update the favourite trail', error) },
    );
  }

  return (
    <button
      type="button"
      aria-pressed={pressed}
      aria-label={pressed ? 'Remove from favourites' : 'Add to favourites'}
      title={pressed ? 'Remove from favourites' : 'Add to favourites'}
      disabled={favourites.isPending}
      onClick={toggle}
      className={`inline-flex size-11 shrink-0 items-center justify-center rounded-full ring-1 transition-colors ring-inset disabled:cursor-wait disabled:opacity-60 ${
        pressed ? 'bg-red-50 text-red-600 ring-red-200 hover:bg-red-100' : 'bg-white text-stone-600 ring-stone-300 hover:bg-stone-50'
      }`}
    >
      <HeartIcon className={`size-5 ${pressed ? 'fill-current' : ''}`} aria-hidden="true" />
    </button>
  );
}

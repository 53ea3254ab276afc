import { MapPinOff } from 'lucide-react';
import type { MouseEvent } from 'react';
import { buttonClasses } from '../../components/ui/Button';
import { followLink } from '../../lib/location';

/**
 * An address that matches no view (a mistyped or outdated link): says what happened and offers
 * the way home. Loaded when needed, like every view but Home (the home page's JS budget).
 * Default export for React.lazy.
 */
export default function NotFoundView() {
  return (
    <section
      aria-labelledby="not-found-heading"
      className="mx-auto flex max-w-md flex-col items-center gap-4 rounded-2xl bg-white px-6 py-12 text-center shadow-card ring-1 ring-stone-200/70"
    >
      <MapPinOff className="size-10 text-brand-600" aria-hidden="true" />
      <h1 id="not-found-heading" className="text-2xl font-bold tracking-tight text-stone-900">
        Page not found
      </h1>
      <p className="text-stone-600">
        There is nothing at this address. The link may be mistyped, or the page it pointed to no longer exists.
      </p>
      <a href="/" onClick={(event: MouseEvent<HTMLAnchorElement>) => followLink(event, '/')} className={buttonClasses('primary')}>
        Go to Home
      </a>
    </section>
  );
}

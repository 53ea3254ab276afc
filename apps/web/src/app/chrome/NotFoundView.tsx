import { MapPinOff } from 'lucide-react';
import { StatusPage } from './StatusPage';

/**
 * An address that matches no view (a mistyped or outdated link): says what happened and offers
 * the way home. Loaded when needed, like every view but Home (the home page's JS budget).
 * Default export for React.lazy.
 */
export default function NotFoundView() {
  return (
    <StatusPage id="not-found-heading" icon={<MapPinOff className="size-10 text-brand-600" aria-hidden="true" />} title="Page not found">
      There is nothing at this address. The link may be mistyped, or the page it pointed to no longer exists.
    </StatusPage>
  );
}

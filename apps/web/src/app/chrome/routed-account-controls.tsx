import type { ComponentProps } from 'react';
import { LocationRouter } from '../location-router';
import AccountControls from './AccountControls';

/**
 * The signed-in header controls inside a router context, for the react-router Link to /admin
 * they may hold; loaded only for signed-in people, so the home page stays router-free.
 * Default export for React.lazy.
 */
export default function RoutedAccountControls(props: ComponentProps<typeof AccountControls>) {
  return (
    <LocationRouter>
      <AccountControls {...props} />
    </LocationRouter>
  );
}

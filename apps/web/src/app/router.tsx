import { lazy, Suspense } from 'react';
import { sectionOf, usePathname } from '../lib/location';
import { MainApp } from './main-app';

// Only people arriving from an e-mailed link need the account-action page, and only
// administrators the trail manager: both load when their URL is opened, so the home page
// stays small (architecture §7 budget).
const AuthRoute = lazy(() => import('./routes/auth-route'));
const AdminRoute = lazy(() => import('./routes/admin-route'));

/**
 * URL routes (product §2): /auth handles the links in account e-mails; /admin is the
 * administrators' trail manager; the main app owns every other path and switches its views
 * in-page.
 */
export function AppRouter() {
  const section = sectionOf(usePathname());
  if (section === 'main') return <MainApp />;
  return <Suspense fallback={null}>{section === 'admin' ? <AdminRoute /> : <AuthRoute />}</Suspense>;
}

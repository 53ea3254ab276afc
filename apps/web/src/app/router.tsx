import { lazy, Suspense } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router';
import { MainApp } from './main-app';

// Only people arriving from an e-mailed link need the account-action page.
const AccountActionPage = lazy(() =>
  import('../features/account-actions/components/AccountActionPage').then((m) => ({ default: m.AccountActionPage })),
);
// Only administrators use the trail manager.
const AdminPage = lazy(() => import('../features/admin/components/AdminPage'));

/**
 * URL routes (SPEC §2): the main app owns every path and switches its views in-page.
 * /auth handles the links in account e-mails; /admin is the administrators' trail manager.
 */
export function AppRouter() {
  return (
    <BrowserRouter>
      <Routes>
        <Route
          path="/auth"
          element={
            <Suspense fallback={null}>
              <AccountActionPage />
            </Suspense>
          }
        />
        <Route
          path="/admin"
          element={
            <Suspense fallback={null}>
              <AdminPage />
            </Suspense>
          }
        />
        <Route path="/*" element={<MainApp />} />
      </Routes>
    </BrowserRouter>
  );
}

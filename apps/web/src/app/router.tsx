import { lazy, Suspense } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router';
import { MainApp } from './main-app';

// Only people arriving from an e-mailed link need the account-action page.
const AccountActionPage = lazy(() =>
  import('../features/account-actions/components/AccountActionPage').then((m) => ({ default: m.AccountActionPage })),
);

/**
 * URL routes (SPEC §2): the main app owns every path and switches its views in-page.
 * /auth handles the links in account e-mails; /admin, the administrators' trail manager,
 * gets its own route when it is built.
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
        <Route path="/*" element={<MainApp />} />
      </Routes>
    </BrowserRouter>
  );
}

import AdminPage from '../../features/admin/components/AdminPage';

/** /admin: the administrators' trail manager (default export for React.lazy). */
export default function AdminRoute() {
  return <AdminPage />;
}

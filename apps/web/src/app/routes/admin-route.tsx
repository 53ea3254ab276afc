import AdminPage from '../../features/admin/components/AdminPage';
import { LocationRouter } from '../location-router';

/** /admin: the administrators' trail manager (default export for React.lazy). */
export default function AdminRoute() {
  return (
    <LocationRouter>
      <AdminPage />
    </LocationRouter>
  );
}

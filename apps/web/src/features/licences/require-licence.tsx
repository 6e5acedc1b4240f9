import { Navigate, Outlet } from 'react-router';
import { PageLoader } from '../../components/page-loader';
import { useLicenceValidity } from './api';

export const LICENCE_GUIDE_PATH = '/license-guide';

/**
 * Layout route: users without a valid licence go to /license-guide (core.md §4). A failed check
 * counts as no licence, as the spec's lookup failure does (status ERROR, invalid).
 */
export function RequireLicence() {
  const validity = useLicenceValidity();
  // A valid answer already in hand survives a failed re-check (a network blip); a new answer
  // saying invalid does not.
  if (validity.data?.isValid) return <Outlet />;
  if (validity.isPending) return <PageLoader />;
  return <Navigate to={LICENCE_GUIDE_PATH} replace />;
}

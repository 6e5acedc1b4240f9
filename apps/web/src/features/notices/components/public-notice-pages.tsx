import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useParams } from 'react-router';
import { isSignedIn } from '../../../lib/session';
import { NoticeBoard } from './notice-board';
import { NoticeDetailView } from './notice-detail';

/** On the public site the board lives at /notices: visitors read the service's notices. */
export const PUBLIC_NOTICE_BASE = '/notices';

/** A signed-in reader is moved to the board in the shell, where their school's notices are too. */
function useSignedInTarget(): string | null {
  const { pathname, search } = useLocation();
  if (!isSignedIn()) return null;
  return `${pathname.replace(/^\/notices/, '/notice')}${search}`;
}

export function PublicNoticeListPage() {
  const { t } = useTranslation('notices');
  const target = useSignedInTarget();
  if (target) return <Navigate to={target} replace />;
  return <NoticeBoard basePath={PUBLIC_NOTICE_BASE} lead={t('publicLead')} />;
}

export function PublicNoticeDetailPage() {
  const { id } = useParams();
  const target = useSignedInTarget();
  if (target) return <Navigate to={target} replace />;
  const parsed = Number.parseInt(id ?? '', 10);
  return (
    <NoticeDetailView key={parsed} id={Number.isFinite(parsed) ? parsed : 0} basePath={PUBLIC_NOTICE_BASE} />
  );
}

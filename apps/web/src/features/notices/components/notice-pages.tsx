import type { NoticeScope } from '@ssaem/contracts/board';
import { useTranslation } from 'react-i18next';
import { Navigate, useParams } from 'react-router';
import { hasRealmRole } from '../../../lib/auth/auth-client';
import { useUsersInfo } from '../../account/api';
import { RequireRoles } from '../../auth/require-roles';
import { useNotice } from '../api';
import { NoticeBoard } from './notice-board';
import { NoticeDetailView } from './notice-detail';
import { NoticeEditor } from './notice-editor';

/** In the signed-in shell the board lives at /notice (core.md §2 "Notice board"). */
export const NOTICE_BASE = '/notice';

/**
 * The boards a user writes to: the service's for super admins, their school's for the
 * administrators of a school (a super admin without a school has no school board).
 */
export function writableScopes(hasRole: (role: string) => boolean, hasSchool: boolean): NoticeScope[] {
  const scopes: NoticeScope[] = [];
  if (hasRole('ROLE_SUPER_ADMIN')) scopes.push('SERVICE');
  if (hasRole('ROLE_ADMIN') && hasSchool) scopes.push('SCHOOL');
  return scopes;
}

function useWritableScopes(): NoticeScope[] {
  const info = useUsersInfo();
  return writableScopes(hasRealmRole, Boolean(info.data?.schoolInfo?.name));
}

function useNoticeId(): number {
  const { id } = useParams();
  const parsed = Number.parseInt(id ?? '', 10);
  return Number.isFinite(parsed) && parsed > 0 ? parsed : 0;
}

/** /notice: the service's notices and the reader's school's. */
export function NoticeListPage() {
  const { t } = useTranslation('notices');
  return <NoticeBoard basePath={NOTICE_BASE} canWrite={useWritableScopes().length > 0} lead={t('lead')} />;
}

export function NoticeDetailPage() {
  const id = useNoticeId();
  return <NoticeDetailView key={id} id={id} basePath={NOTICE_BASE} />;
}

export function NoticeNewPage() {
  const scopes = useWritableScopes();
  return (
    <RequireRoles roles={['ROLE_SUPER_ADMIN', 'ROLE_ADMIN']}>
      <NoticeEditor key={scopes.join()} scopes={scopes} basePath={NOTICE_BASE} />
    </RequireRoles>
  );
}

export function NoticeEditPage() {
  const id = useNoticeId();
  return (
    <RequireRoles roles={['ROLE_SUPER_ADMIN', 'ROLE_ADMIN']}>
      <EditLoaded id={id} />
    </RequireRoles>
  );
}

function EditLoaded({ id }: { id: number }) {
  const notice = useNotice(id);
  // The detail view knows how to say "loading", "not found" and "failed"; the editor needs the notice.
  if (!notice.data) return <NoticeDetailView id={id} basePath={NOTICE_BASE} />;
  if (!notice.data.abilities.edit) return <Navigate to={`${NOTICE_BASE}/${id}`} replace />;
  return (
    <NoticeEditor
      key={notice.data.id}
      notice={notice.data}
      scopes={[notice.data.scope]}
      basePath={NOTICE_BASE}
    />
  );
}

import type { RouteObject } from 'react-router';
import { loadAppQueryClient } from '../../lib/app-query-client';
import { loadPageTexts } from '../../lib/i18n';

const shellPages = () => Promise.all([import('./components/notice-pages'), loadPageTexts(['notices'])]);
// In the public layout, outside the shell: these wait for the query client themselves.
const publicPages = () =>
  Promise.all([import('./components/public-notice-pages'), loadPageTexts(['notices']), loadAppQueryClient()]);

/**
 * The notice board in the signed-in shell (core.md §2 "Notice board"): every signed-in role reads
 * it, licence or not; super admins and school admins write.
 */
export const noticeRoutes: RouteObject[] = [
  {
    path: 'notice',
    children: [
      { index: true, lazy: async () => ({ Component: (await shellPages())[0].NoticeListPage }) },
      { path: 'new', lazy: async () => ({ Component: (await shellPages())[0].NoticeNewPage }) },
      { path: ':id', lazy: async () => ({ Component: (await shellPages())[0].NoticeDetailPage }) },
      { path: ':id/edit', lazy: async () => ({ Component: (await shellPages())[0].NoticeEditPage }) },
    ],
  },
];

/** The service's notices for visitors, in the public layout. */
export const publicNoticeRoutes: RouteObject[] = [
  {
    path: 'notices',
    children: [
      { index: true, lazy: async () => ({ Component: (await publicPages())[0].PublicNoticeListPage }) },
      { path: ':id', lazy: async () => ({ Component: (await publicPages())[0].PublicNoticeDetailPage }) },
    ],
  },
];

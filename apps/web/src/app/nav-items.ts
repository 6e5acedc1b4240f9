/**
 * The sidebar, declared once. Names are the spec's route names (core.md §2); an item is shown only
 * when its path is registered in the router, the user holds one of its roles and, for screens behind
 * the licence wall, holds a valid licence: the sidebar never offers a screen that would refuse.
 */
export type NavGroup = 'start' | 'assistant' | 'materials' | 'school' | 'admin' | 'me';

export type NavItemId =
  | 'dashboard'
  | 'chat'
  | 'myChat'
  | 'aiTools'
  | 'createDocument'
  | 'createDocumentHwp'
  | 'createLesson'
  | 'myMaterials'
  | 'library'
  | 'edutech'
  | 'myEdutech'
  | 'noticeBoard'
  | 'myClass'
  | 'allStudents'
  | 'adminUsers'
  | 'adminRequests'
  | 'adminUsage'
  | 'adminTools'
  | 'adminPrompts'
  | 'adminLicences'
  | 'adminPartners'
  | 'adminAudit'
  | 'adminErrors'
  | 'adminEvents'
  | 'myInfo';

export interface NavItem {
  id: NavItemId;
  /** The spec's route name. */
  routeName: string;
  path: string;
  group: NavGroup;
  /** Realm roles that may open the screen; any signed-in user when absent (core.md §6). */
  roles?: readonly string[];
  /** Behind the licence wall (core.md §4): hidden from a user without a valid licence. */
  licensed?: boolean;
}

export const NAV_GROUPS: readonly NavGroup[] = ['start', 'assistant', 'materials', 'school', 'admin', 'me'];

/** The assistant's screens are for teachers (and administrators), as their routes are. */
const TEACHING_ROLES = ['ROLE_TEACHER', 'ROLE_ADMIN', 'ROLE_SUPER_ADMIN'] as const;
const ADMIN_ROLES = ['ROLE_ADMIN', 'ROLE_SUPER_ADMIN'] as const;
const SUPER_ADMIN = ['ROLE_SUPER_ADMIN'] as const;

export const NAV_ITEMS: readonly NavItem[] = [
  // The signed-in home: a page made for each role (teacher, student, administrator).
  { id: 'dashboard', routeName: 'Dashboard', path: '/dashboard', group: 'start' },
  {
    id: 'chat',
    routeName: 'chat',
    path: '/chat/new',
    group: 'assistant',
    roles: TEACHING_ROLES,
    licensed: true,
  },
  {
    id: 'myChat',
    routeName: 'My chat',
    path: '/v2/chat',
    group: 'assistant',
    roles: TEACHING_ROLES,
    licensed: true,
  },
  {
    id: 'aiTools',
    routeName: 'AI tools index',
    path: '/v2/tool/list',
    group: 'assistant',
    roles: TEACHING_ROLES,
    licensed: true,
  },
  {
    id: 'createDocument',
    routeName: 'Create Document',
    path: '/document/generate',
    group: 'assistant',
    roles: TEACHING_ROLES,
    licensed: true,
  },
  {
    id: 'createDocumentHwp',
    routeName: 'Create Document (HWP)',
    path: '/immersive/document/editor',
    group: 'assistant',
    roles: TEACHING_ROLES,
    licensed: true,
  },
  {
    id: 'createLesson',
    routeName: 'Create Lesson',
    path: '/create-lesson',
    group: 'assistant',
    roles: TEACHING_ROLES,
    licensed: true,
  },
  {
    id: 'myMaterials',
    routeName: 'My Materials',
    path: '/my-materials',
    group: 'materials',
    roles: TEACHING_ROLES,
    licensed: true,
  },
  {
    id: 'library',
    routeName: 'Library',
    path: '/v2/library/list',
    group: 'materials',
    roles: TEACHING_ROLES,
    licensed: true,
  },
  {
    id: 'edutech',
    routeName: 'EduTech',
    path: '/edutech',
    group: 'school',
    roles: [...TEACHING_ROLES, 'ROLE_PROVIDER'],
  },
  { id: 'myEdutech', routeName: 'My EduTech', path: '/my-edutech', group: 'school', roles: TEACHING_ROLES },
  { id: 'noticeBoard', routeName: 'Notice board', path: '/notice', group: 'school' },
  {
    id: 'myClass',
    routeName: 'My Class',
    path: '/my-class',
    group: 'school',
    roles: TEACHING_ROLES,
    licensed: true,
  },
  {
    id: 'allStudents',
    routeName: 'all-student management',
    path: '/students',
    group: 'school',
    roles: ['ROLE_ADMIN', 'ROLE_SUPER_ADMIN'],
    licensed: true,
  },
  // The admin area: a school's administrators (their school) and the super administrator (everything).
  { id: 'adminUsers', routeName: 'Admin users', path: '/admin/users', group: 'admin', roles: ADMIN_ROLES },
  {
    id: 'adminRequests',
    routeName: 'Admin school requests',
    path: '/admin/school-requests',
    group: 'admin',
    roles: ADMIN_ROLES,
  },
  { id: 'adminUsage', routeName: 'Token tracker', path: '/admin/usage', group: 'admin', roles: ADMIN_ROLES },
  { id: 'adminTools', routeName: '/v2/tool', path: '/admin/tools', group: 'admin', roles: SUPER_ADMIN },
  { id: 'adminPrompts', routeName: 'Prompt', path: '/admin/prompts', group: 'admin', roles: SUPER_ADMIN },
  { id: 'adminLicences', routeName: 'Licences', path: '/admin/licenses', group: 'admin', roles: SUPER_ADMIN },
  {
    id: 'adminPartners',
    routeName: 'Partner products',
    path: '/admin/partners',
    group: 'admin',
    roles: SUPER_ADMIN,
  },
  { id: 'adminAudit', routeName: 'Audit log', path: '/admin/audit', group: 'admin', roles: SUPER_ADMIN },
  {
    id: 'adminErrors',
    routeName: 'Error reports',
    path: '/admin/errors',
    group: 'admin',
    roles: SUPER_ADMIN,
  },
  // The Fair2025 and Arena2025 registrations: dates, capacity and the list (core.md §2).
  {
    id: 'adminEvents',
    routeName: 'Event registrations',
    path: '/admin/events',
    group: 'admin',
    roles: SUPER_ADMIN,
  },
  { id: 'myInfo', routeName: 'My Info', path: '/my-info', group: 'me' },
];

export function visibleNavItems(
  items: readonly NavItem[],
  isRegistered: (path: string) => boolean,
  hasRole: (role: string) => boolean = () => true,
  isLicensed = true,
): NavItem[] {
  return items.filter(
    (item) =>
      isRegistered(item.path) &&
      (!item.roles || item.roles.some((role) => hasRole(role))) &&
      (!item.licensed || isLicensed),
  );
}

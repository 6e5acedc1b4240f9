/**
 * The sidebar, declared once. Names are the spec's route names (core.md §2); an item is shown only
 * when its path is registered in the router, the user holds one of its roles and, for screens behind
 * the licence wall, holds a valid licence: the sidebar never offers a screen that would refuse.
 */
export type NavGroup = 'start' | 'assistant' | 'materials' | 'school' | 'me';

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

export const NAV_GROUPS: readonly NavGroup[] = ['start', 'assistant', 'materials', 'school', 'me'];

/** The assistant's screens are for teachers (and administrators), as their routes are. */
const TEACHING_ROLES = ['ROLE_TEACHER', 'ROLE_ADMIN', 'ROLE_SUPER_ADMIN'] as const;

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
  { id: 'edutech', routeName: 'EduTech', path: '/edutech', group: 'school' },
  { id: 'myEdutech', routeName: 'My EduTech', path: '/my-edutech', group: 'school' },
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

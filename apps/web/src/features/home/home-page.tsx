import '../../components/form-styles';
import '@mantine/core/styles/Table.css';
import { Alert, Button, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { DASHBOARD_SIZES } from '@ssaem/contracts/plain-values';
import type { UsersInfo } from '@ssaem/contracts/users';
import { IconCertificate } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isRegisteredPath } from '../../app/route-registry';
import { appRoutes } from '../../app/routes';
import { realmRoles } from '../../lib/auth/auth-client';
import { TEACHER_ROLES } from '../../lib/auth/roles';
import { useUsersInfo } from '../account/api';
import { RecommendationStrip } from '../edutech/components/recommendation-strip';
import { useRecentLibrary, useSharedRecentLibrary } from '../library/api';
import { useLicenceValidity } from '../licences/api';
import { LICENCE_GUIDE_PATH } from '../licences/require-licence';
import { RecentList } from '../my-materials/components/recent-list';
import { NoticeTeaser } from '../notices/components/notice-teaser';
import { useDashboard } from './api';
import { AccountCard } from './components/account-card';
import { type AdminLink, AdminLinks } from './components/admin-links';
import { AskBox } from './components/ask-box';
import { HomeSkeleton } from './components/home-skeleton';
import { LicenceLine } from './components/licence-line';
import { MainTools } from './components/main-tools';
import { MembershipRequests } from './components/membership-requests';
import { RecentConversations } from './components/recent-conversations';

/** Which home a user gets: by their primary role (core.md §6), administrators first. */
export type HomeKind = 'superAdmin' | 'admin' | 'teacher' | 'student';

export function homeKind(roles: readonly string[]): HomeKind {
  if (roles.includes('ROLE_SUPER_ADMIN')) return 'superAdmin';
  if (roles.includes('ROLE_ADMIN')) return 'admin';
  if (TEACHER_ROLES.some((role) => roles.includes(role))) return 'teacher';
  return 'student';
}

const NOTICE_BOARD_PATH = '/notice';
const registered = (path: string) => isRegisteredPath(appRoutes, path);

/** The newest notices; the teaser carries its own link to the whole board. */
const NoticesBlock = () => <NoticeTeaser dense />;

function Greeting({ info, kind }: { info: UsersInfo; kind: HomeKind }) {
  const { t } = useTranslation('dashboard');
  const name = info.userInfo.name;
  const greeting =
    kind === 'teacher'
      ? t('greeting.teacher', { name })
      : kind === 'student'
        ? t('greeting.student', { name })
        : t('greeting.admin', { name });
  const school = info.schoolInfo?.name;
  const line = [
    kind === 'admin' ? t('role.ROLE_ADMIN') : kind === 'superAdmin' ? t('role.ROLE_SUPER_ADMIN') : null,
    school ?? (info.pendingSchool ? null : kind === 'superAdmin' ? null : t('noSchool')),
    info.userInfo.title,
  ].filter((part, index, all): part is string => Boolean(part) && all.indexOf(part) === index);
  return (
    <div>
      <Title order={1} fz={{ base: 26, sm: 32 }}>
        {greeting}
      </Title>
      {line.length > 0 ? (
        <Text c="dimmed" mt={4}>
          {line.join(' · ')}
        </Text>
      ) : null}
      {info.pendingSchool ? (
        <Text c="orange.8" size="sm" mt={4}>
          {t('pendingSchool', { school: info.pendingSchool.name })}
        </Text>
      ) : null}
    </div>
  );
}

/** A teacher without a valid licence: the way to one, before any tool is offered. */
function LicenceWall() {
  const { t } = useTranslation('dashboard');
  return (
    <Alert
      color="orange"
      variant="light"
      radius="lg"
      icon={<IconCertificate size={22} aria-hidden />}
      title={t('licence.wallTitle')}
    >
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{t('licence.wallBody')}</Text>
        <Button component={Link} to={LICENCE_GUIDE_PATH} color="orange">
          {t('licence.wallAction')}
        </Button>
      </Stack>
    </Alert>
  );
}

/** What a licensed teacher needs first: ask, the main tools, what they were doing, what colleagues shared. */
function TeachingSections({ withNotices = true }: { withNotices?: boolean }) {
  const { t } = useTranslation('dashboard');
  const recent = useRecentLibrary(DASHBOARD_SIZES.recentMaterials);
  const shared = useSharedRecentLibrary(DASHBOARD_SIZES.sharedMaterials);
  return (
    <>
      <AskBox />
      <MainTools />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <RecentConversations />
        <RecentList title={t('recentMaterials.title')} empty={t('recentMaterials.empty')} query={recent} />
        <RecentList title={t('sharedMaterials.title')} empty={t('sharedMaterials.empty')} query={shared} />
        {withNotices ? <NoticesBlock /> : null}
      </SimpleGrid>
    </>
  );
}

function TeacherHome({ info, licensed }: { info: UsersInfo; licensed: boolean }) {
  return (
    <>
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="xs">
        <Greeting info={info} kind="teacher" />
        <LicenceLine licence={info.licenseInfo} />
      </Group>
      {licensed ? (
        <>
          <TeachingSections />
          <RecommendationStrip />
        </>
      ) : (
        <>
          <LicenceWall />
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
            <NoticesBlock />
            <AccountCard info={info} />
          </SimpleGrid>
        </>
      )}
    </>
  );
}

function StudentHome({ info }: { info: UsersInfo }) {
  return (
    <>
      <Greeting info={info} kind="student" />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <NoticesBlock />
        <AccountCard info={info} />
      </SimpleGrid>
    </>
  );
}

/** The administration screens that exist and that this administrator may open. */
export function adminLinks(kind: 'admin' | 'superAdmin', licensed: boolean): AdminLink[] {
  const candidates: (AdminLink & { needsLicence?: boolean; superOnly?: boolean })[] = [
    { id: 'users', to: '/admin/users' },
    { id: 'schoolRequests', to: '/admin/school-requests' },
    { id: 'usage', to: '/admin/usage' },
    { id: 'licences', to: '/admin/licenses', superOnly: true },
    { id: 'audit', to: '/admin/audit', superOnly: true },
    { id: 'allStudents', to: '/students', needsLicence: true },
    { id: 'noticeBoard', to: NOTICE_BOARD_PATH },
    { id: 'aiConnection', to: '/my-info', superOnly: true },
    { id: 'myInfo', to: '/my-info' },
  ];
  return candidates
    .filter((link) => registered(link.to))
    .filter((link) => !link.needsLicence || licensed)
    .filter((link) => !link.superOnly || kind === 'superAdmin')
    .filter((link) => !(kind === 'superAdmin' && link.id === 'myInfo'))
    .map(({ id, to }) => ({ id, to }));
}

function AdminHome({
  info,
  kind,
  licensed,
}: {
  info: UsersInfo;
  kind: 'admin' | 'superAdmin';
  licensed: boolean;
}) {
  const { t } = useTranslation('dashboard');
  return (
    <>
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="xs">
        <Greeting info={info} kind={kind} />
        <LicenceLine licence={info.licenseInfo} />
      </Group>
      <section aria-labelledby="home-operations">
        <Title order={2} fz="h3" id="home-operations" mb="sm">
          {t('admin.title')}
        </Title>
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
          <MembershipRequests showSchool={kind === 'superAdmin'} />
          <NoticesBlock />
        </SimpleGrid>
      </section>
      <AdminLinks links={adminLinks(kind, licensed)} />
      {licensed ? (
        <section aria-labelledby="home-teaching">
          <Title order={2} fz="h3" id="home-teaching" mb="sm">
            {t('admin.teaching')}
          </Title>
          <Stack gap="lg">
            <TeachingSections withNotices={false} />
          </Stack>
        </section>
      ) : null}
    </>
  );
}

/** The home's sections, read from the cache the dashboard filled (or, failing that, by their own hooks). */
function HomeContent() {
  const { t } = useTranslation('dashboard');
  const info = useUsersInfo();
  const licence = useLicenceValidity();

  if (!info.data || licence.isPending) return <HomeSkeleton kind={homeKind(realmRoles())} />;
  const kind = homeKind(info.data.userInfo.roles);
  const licensed = licence.data?.isValid === true;
  return (
    <Stack gap="xl" maw={1120} mx="auto" data-home={kind}>
      <title>{t('meta')}</title>
      {kind === 'student' ? (
        <StudentHome info={info.data} />
      ) : kind === 'teacher' ? (
        <TeacherHome info={info.data} licensed={licensed} />
      ) : (
        <AdminHome info={info.data} kind={kind} licensed={licensed} />
      )}
    </Stack>
  );
}

/**
 * /dashboard: the home after sign-in, made for the user's role. One request brings every section;
 * the sections render once it has answered (or failed: then each section asks for itself).
 */
export function HomePage() {
  const dashboard = useDashboard();
  // A stale answer kept from an earlier visit is read again before the sections mount, so they
  // find fresh entries instead of each asking on its own.
  const waiting = dashboard.isPending || (dashboard.isFetching && !dashboard.isFetchedAfterMount);
  return waiting ? <HomeSkeleton kind={homeKind(realmRoles())} /> : <HomeContent />;
}

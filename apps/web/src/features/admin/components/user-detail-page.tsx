import '@mantine/core/styles/InlineInput.css';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Checkbox,
  Group,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import type { AdminUser } from '@ssaem/contracts/admin';
import type { RoleName } from '@ssaem/contracts/users';
import { IconArrowLeft } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useToast } from '../../../components/toast/toast-context';
import { apiErrorMessage } from '../../../lib/api-error-message';
import {
  useAdminUser,
  useRevokeSession,
  useRoles,
  useSetEnabled,
  useSetRoles,
  useUpdateUser,
  useUserSessions,
} from '../api';
import { ConfirmModal, DataTable, formatDate, formatDateTime } from './admin-ui';
import { LicenceHistoryCard } from './licence-history-card';

function ProfileCard({ user }: { user: AdminUser }) {
  const { t, i18n } = useTranslation('admin');
  const { t: tc } = useTranslation();
  const toast = useToast();
  const update = useUpdateUser(user.id);
  const [form, setForm] = useState({
    name: user.name,
    email: user.email ?? '',
    mobile: user.mobile ?? '',
    title: user.title ?? '',
  });
  const field = (key: keyof typeof form) => ({
    value: form[key],
    onChange: (event: { currentTarget: { value: string } }) => {
      const value = event.currentTarget.value;
      setForm((f) => ({ ...f, [key]: value }));
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    update.mutate(
      { name: form.name, email: form.email || null, mobile: form.mobile || null, title: form.title || null },
      { onSuccess: () => toast.show(t('common.saved')) },
    );
  };
  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="profile-title">
      <Title order={2} fz="h4" id="profile-title" mb="sm">
        {t('detail.profile')}
      </Title>
      <form onSubmit={submit}>
        <Stack gap="sm">
          {update.error && (
            <Alert color="red" role="alert">
              {apiErrorMessage(update.error, tc)}
            </Alert>
          )}
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextInput label={t('detail.name')} required {...field('name')} />
            <TextInput label={t('detail.email')} type="email" {...field('email')} />
            <TextInput label={t('detail.mobile')} {...field('mobile')} />
            <TextInput label={t('detail.title')} {...field('title')} />
          </SimpleGrid>
          <Text size="sm" c="dimmed">
            {t('detail.school')}: {user.schoolName ?? '—'} · {t('detail.createdAt')}:{' '}
            {formatDate(user.createdAt, i18n.language)}
          </Text>
          <Group justify="flex-end">
            <Button type="submit" loading={update.isPending}>
              {t('detail.saveProfile')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

function StatusCard({ user }: { user: AdminUser }) {
  const { t } = useTranslation('admin');
  const { t: tc } = useTranslation();
  const toast = useToast();
  const setEnabled = useSetEnabled(user.id);
  const [confirming, setConfirming] = useState(false);
  const change = (enabled: boolean) =>
    setEnabled.mutate(enabled, {
      onSuccess: () => {
        setConfirming(false);
        toast.show(enabled ? t('detail.enabledDone') : t('detail.disabledDone'));
      },
      onError: () => setConfirming(false),
    });
  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="status-title">
      <Group justify="space-between">
        <div>
          <Title order={2} fz="h4" id="status-title">
            {t('detail.status')}
          </Title>
          <Badge mt={4} color={user.enabled ? 'teal' : 'gray'} variant="light">
            {user.enabled ? t('users.enabled') : t('users.disabled')}
          </Badge>
        </div>
        {user.enabled ? (
          <Button color="red" variant="light" onClick={() => setConfirming(true)}>
            {t('detail.disable')}
          </Button>
        ) : (
          <Button variant="light" loading={setEnabled.isPending} onClick={() => change(true)}>
            {t('detail.enable')}
          </Button>
        )}
      </Group>
      {setEnabled.error && (
        <Alert color="red" role="alert" mt="sm">
          {apiErrorMessage(setEnabled.error, tc)}
        </Alert>
      )}
      <ConfirmModal
        opened={confirming}
        title={t('detail.disableTitle')}
        body={t('detail.disableBody', { name: user.name })}
        confirmLabel={t('detail.disable')}
        loading={setEnabled.isPending}
        onConfirm={() => change(false)}
        onClose={() => setConfirming(false)}
      />
    </Card>
  );
}

function RolesCard({ user }: { user: AdminUser }) {
  const { t } = useTranslation('admin');
  const { t: tc } = useTranslation();
  const toast = useToast();
  const roles = useRoles();
  const setRoles = useSetRoles(user.id);
  const [chosen, setChosen] = useState<RoleName[]>(user.roles);
  const changed = chosen.slice().sort().join() !== user.roles.slice().sort().join();
  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="roles-title">
      <Title order={2} fz="h4" id="roles-title" mb={4}>
        {t('detail.roles')}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {t('detail.rolesHint')}
      </Text>
      {setRoles.error && (
        <Alert color="red" role="alert" mb="sm">
          {apiErrorMessage(setRoles.error, tc)}
        </Alert>
      )}
      <Checkbox.Group value={chosen} onChange={(value) => setChosen(value as RoleName[])}>
        <Group gap="md">
          {(roles.data ?? []).map((role) => (
            <Checkbox
              key={role.name}
              value={role.name}
              label={t(`roles.${role.name}`)}
              disabled={!role.grantable}
            />
          ))}
        </Group>
      </Checkbox.Group>
      <Group justify="flex-end" mt="sm">
        <Button
          disabled={!changed || chosen.length === 0}
          loading={setRoles.isPending}
          onClick={() => setRoles.mutate(chosen, { onSuccess: () => toast.show(t('detail.rolesSaved')) })}
        >
          {t('detail.saveRoles')}
        </Button>
      </Group>
    </Card>
  );
}

function SessionsCard({ user }: { user: AdminUser }) {
  const { t, i18n } = useTranslation('admin');
  const toast = useToast();
  const sessions = useUserSessions(user.id);
  const revoke = useRevokeSession(user.id);
  // null: every session; a string: that one.
  const [confirming, setConfirming] = useState<string | null | undefined>(undefined);
  const list = sessions.data ?? [];
  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="sessions-title">
      <Group justify="space-between" mb="sm">
        <Title order={2} fz="h4" id="sessions-title">
          {t('detail.sessions')}
        </Title>
        <Button color="red" variant="light" onClick={() => setConfirming(null)}>
          {t('detail.revokeAll')}
        </Button>
      </Group>
      {sessions.isPending ? (
        <Skeleton h={80} />
      ) : (
        <DataTable
          label={t('detail.sessions')}
          isEmpty={list.length === 0}
          empty={t('detail.sessionsEmpty')}
          minWidth={480}
          head={
            <Table.Tr>
              <Table.Th>{t('detail.signedInAt')}</Table.Th>
              <Table.Th>{t('detail.expiresAt')}</Table.Th>
              <Table.Th>{t('detail.clients')}</Table.Th>
              <Table.Th />
            </Table.Tr>
          }
        >
          {list.map((session) => (
            <Table.Tr key={session.id}>
              <Table.Td>{formatDateTime(session.signedInAt, i18n.language)}</Table.Td>
              <Table.Td>{formatDateTime(session.expiresAt, i18n.language)}</Table.Td>
              <Table.Td>{session.clients.join(', ') || '—'}</Table.Td>
              <Table.Td>
                <Button size="xs" variant="subtle" color="red" onClick={() => setConfirming(session.id)}>
                  {t('detail.revoke')}
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
        </DataTable>
      )}
      <ConfirmModal
        opened={confirming !== undefined}
        title={confirming === null ? t('detail.revokeAllTitle') : t('detail.revokeTitle')}
        body={confirming === null ? t('detail.revokeAllBody', { name: user.name }) : t('detail.revokeBody')}
        confirmLabel={confirming === null ? t('detail.revokeAll') : t('detail.revoke')}
        loading={revoke.isPending}
        onConfirm={() =>
          revoke.mutate(confirming ?? null, {
            onSuccess: () => toast.show(t('detail.revoked')),
            onSettled: () => setConfirming(undefined),
          })
        }
        onClose={() => setConfirming(undefined)}
      />
    </Card>
  );
}

/** /admin/users/:userId: one account — profile, status, roles, sessions. */
export function UserDetailPage() {
  const { t } = useTranslation('admin');
  const { t: tc } = useTranslation();
  const userId = Number(useParams().userId);
  const user = useAdminUser(userId);
  return (
    <Stack gap="lg" maw={960}>
      <title>{t('detail.meta')}</title>
      <Anchor component={Link} to="/admin/users" size="sm">
        <Group gap={4}>
          <IconArrowLeft size={14} aria-hidden />
          {t('detail.back')}
        </Group>
      </Anchor>
      {user.isPending ? (
        <Skeleton h={400} />
      ) : user.isError ? (
        <Alert color="red" role="alert">
          {apiErrorMessage(user.error, tc)}
        </Alert>
      ) : (
        <>
          <div>
            <Title order={1}>{user.data.name}</Title>
            <Text c="dimmed">
              {user.data.username} · {user.data.roles.map((r) => t(`roles.${r}`)).join(', ')}
            </Text>
          </div>
          <StatusCard user={user.data} />
          <ProfileCard key={user.data.updatedAt} user={user.data} />
          <RolesCard key={`roles-${user.data.roles.join()}`} user={user.data} />
          <SessionsCard user={user.data} />
          <LicenceHistoryCard userId={user.data.id} />
        </>
      )}
    </Stack>
  );
}

import '@mantine/core/styles/ActionIcon.css';
import '@mantine/core/styles/NumberInput.css';
import {
  Alert,
  Badge,
  Button,
  Group,
  Modal,
  NumberInput,
  PasswordInput,
  Select,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { AdminUserCreate } from '@ssaem/contracts/admin';
import { ROLE_NAMES } from '@ssaem/contracts/users';
import { IconFileSpreadsheet, IconPlus, IconSearch } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useToast } from '../../../components/toast/toast-context';
import { apiErrorMessage } from '../../../lib/api-error-message';
import { hasRealmRole } from '../../../lib/auth/auth-client';
import { useAdminUsers, useCreateUser } from '../api';
import { DataTable, formatDate, Pager, SortableTh } from './admin-ui';
import { UsersBatchModal } from './users-batch-modal';

type Sort = 'createdAt' | 'name' | 'username' | 'school';
const PAGE_SIZE = 20;

function CreateUserModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('admin');
  const { t: tc } = useTranslation();
  const toast = useToast();
  const create = useCreateUser();
  const superAdmin = hasRealmRole('ROLE_SUPER_ADMIN');
  const [form, setForm] = useState({ username: '', password: '', name: '', email: '', role: 'ROLE_TEACHER' });
  const [schoolId, setSchoolId] = useState<number | ''>('');
  const field = (key: keyof typeof form) => ({
    value: form[key],
    onChange: (event: { currentTarget: { value: string } }) => {
      const value = event.currentTarget.value;
      setForm((f) => ({ ...f, [key]: value }));
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body: AdminUserCreate = {
      username: form.username,
      password: form.password,
      name: form.name,
      email: form.email || null,
      role: form.role as AdminUserCreate['role'],
      ...(superAdmin && schoolId !== '' ? { schoolId } : {}),
    };
    create.mutate(body, {
      onSuccess: (user) => {
        toast.show(t('create.created', { name: user.name }));
        onClose();
      },
    });
  };
  return (
    <Modal opened onClose={onClose} title={t('create.title')} centered>
      <form onSubmit={submit}>
        <Stack gap="sm">
          {create.error && (
            <Alert color="red" role="alert">
              {apiErrorMessage(create.error, tc)}
            </Alert>
          )}
          <TextInput label={t('create.username')} required autoComplete="off" {...field('username')} />
          <PasswordInput
            label={t('create.password')}
            description={t('create.passwordHint')}
            required
            autoComplete="new-password"
            {...field('password')}
          />
          <TextInput label={t('create.name')} required {...field('name')} />
          <TextInput label={t('create.email')} type="email" {...field('email')} />
          <Select
            label={t('create.role')}
            data={['ROLE_TEACHER', 'ROLE_STUDENT'].map((role) => ({
              value: role,
              label: t(`roles.${role}` as 'roles.ROLE_TEACHER'),
            }))}
            value={form.role}
            onChange={(role) => setForm((f) => ({ ...f, role: role ?? 'ROLE_TEACHER' }))}
            allowDeselect={false}
          />
          {superAdmin && (
            <NumberInput
              label={t('create.schoolId')}
              value={schoolId}
              onChange={(value) => setSchoolId(typeof value === 'number' ? value : '')}
              min={1}
              allowDecimal={false}
            />
          )}
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={create.isPending}>
              {t('create.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** /admin/users: search, filter, sort and page the accounts an administrator may manage. */
export function UsersPage() {
  const { t, i18n } = useTranslation('admin');
  const superAdmin = hasRealmRole('ROLE_SUPER_ADMIN');
  const [q, setQ] = useState('');
  const [debouncedQ] = useDebouncedValue(q, 300);
  const [role, setRole] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const [schoolId, setSchoolId] = useState<number | ''>('');
  const [sort, setSort] = useState<Sort>('createdAt');
  const [order, setOrder] = useState<'asc' | 'desc'>('desc');
  const [pageIndex, setPageIndex] = useState(0);
  const [creating, setCreating] = useState(false);
  const [batch, setBatch] = useState(false);
  const users = useAdminUsers({
    q: debouncedQ || undefined,
    role: role ?? undefined,
    status: status ?? undefined,
    schoolId: schoolId === '' ? undefined : schoolId,
    sort,
    order,
    pageIndex,
    pageSize: PAGE_SIZE,
  });
  const sortBy = (column: Sort) => {
    if (column === sort) setOrder((o) => (o === 'asc' ? 'desc' : 'asc'));
    else {
      setSort(column);
      setOrder(column === 'createdAt' ? 'desc' : 'asc');
    }
    setPageIndex(0);
  };
  const th = (column: Sort, label: string) => (
    <SortableTh label={label} active={sort === column} order={order} onSort={() => sortBy(column)} />
  );
  const page = users.data;

  return (
    <Stack gap="lg">
      <title>{t('users.meta')}</title>
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1}>{t('users.title')}</Title>
          <Text c="dimmed">{superAdmin ? t('users.leadSuper') : t('users.leadSchool')}</Text>
        </div>
        <Group gap="xs">
          <Button
            variant="light"
            leftSection={<IconFileSpreadsheet size={16} aria-hidden />}
            onClick={() => setBatch(true)}
          >
            {t('batch.open')}
          </Button>
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setCreating(true)}>
            {t('users.create')}
          </Button>
        </Group>
      </Group>
      <Group gap="sm" align="flex-end" wrap="wrap">
        <TextInput
          label={t('users.search')}
          leftSection={<IconSearch size={16} aria-hidden />}
          value={q}
          onChange={(event) => {
            setQ(event.currentTarget.value);
            setPageIndex(0);
          }}
          w={{ base: '100%', sm: 260 }}
        />
        <Select
          label={t('users.role')}
          placeholder={t('users.anyRole')}
          data={ROLE_NAMES.map((name) => ({ value: name, label: t(`roles.${name}`) }))}
          value={role}
          onChange={(value) => {
            setRole(value);
            setPageIndex(0);
          }}
          clearable
          w={{ base: '48%', sm: 170 }}
        />
        <Select
          label={t('users.status')}
          placeholder={t('users.anyStatus')}
          data={[
            { value: 'enabled', label: t('users.enabled') },
            { value: 'disabled', label: t('users.disabled') },
          ]}
          value={status}
          onChange={(value) => {
            setStatus(value);
            setPageIndex(0);
          }}
          clearable
          w={{ base: '48%', sm: 150 }}
        />
        {superAdmin && (
          <NumberInput
            label={t('users.schoolId')}
            value={schoolId}
            onChange={(value) => {
              setSchoolId(typeof value === 'number' ? value : '');
              setPageIndex(0);
            }}
            min={1}
            allowDecimal={false}
            w={{ base: '100%', sm: 130 }}
          />
        )}
      </Group>
      {users.isPending ? (
        <Skeleton h={320} />
      ) : users.isError ? (
        <Alert color="red" role="alert">
          {t('common.loadFailed')}
        </Alert>
      ) : (
        <Stack gap="sm">
          <DataTable
            label={t('users.title')}
            isEmpty={!page || page.items.length === 0}
            empty={t('users.empty')}
            head={
              <Table.Tr>
                {th('name', t('users.columns.name'))}
                {th('username', t('users.columns.username'))}
                {th('school', t('users.columns.school'))}
                <Table.Th>{t('users.columns.roles')}</Table.Th>
                <Table.Th>{t('users.columns.status')}</Table.Th>
                {th('createdAt', t('users.columns.createdAt'))}
              </Table.Tr>
            }
          >
            {page?.items.map((user) => (
              <Table.Tr key={user.id}>
                <Table.Td>
                  <Link to={`/admin/users/${user.id}`}>{user.name}</Link>
                </Table.Td>
                <Table.Td>{user.username}</Table.Td>
                <Table.Td>{user.schoolName ?? '—'}</Table.Td>
                <Table.Td>{user.roles.map((r) => t(`roles.${r}`)).join(', ')}</Table.Td>
                <Table.Td>
                  <Badge color={user.enabled ? 'teal' : 'gray'} variant="light">
                    {user.enabled ? t('users.enabled') : t('users.disabled')}
                  </Badge>
                </Table.Td>
                <Table.Td>{formatDate(user.createdAt, i18n.language)}</Table.Td>
              </Table.Tr>
            ))}
          </DataTable>
          {page && (
            <Pager total={page.total} pageIndex={pageIndex} pageSize={PAGE_SIZE} onChange={setPageIndex} />
          )}
        </Stack>
      )}
      {creating && <CreateUserModal onClose={() => setCreating(false)} />}
      {batch && <UsersBatchModal onClose={() => setBatch(false)} />}
    </Stack>
  );
}

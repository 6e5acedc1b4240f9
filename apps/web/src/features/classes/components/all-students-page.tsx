import '@mantine/core/styles/Tabs.css';
import { Button, Group, Skeleton, Stack, Table, Tabs, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RequireRoles } from '../../auth/require-roles';
import { useClassrooms } from '../api';
import { AccessLogPanel } from './access-log-panel';
import { ClassFormModal } from './class-form-modal';
import { RosterPanel } from './roster-panel';

/** /students (all-student management, administrators): every class of the school and the access log. */
export function AllStudentsPage() {
  const { t } = useTranslation('classes');
  const classes = useClassrooms();
  const [chosen, setChosen] = useState<number | null>(null);
  const [creating, setCreating] = useState(false);
  const list = classes.data ?? [];
  const current = list.find((c) => c.id === chosen);

  return (
    <Stack gap="lg">
      <title>{t('allStudents.meta')}</title>
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1}>{t('allStudents.title')}</Title>
          <Text c="dimmed">{t('allStudents.lead')}</Text>
        </div>
        <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setCreating(true)}>
          {t('myClass.create')}
        </Button>
      </Group>
      <Tabs defaultValue="classes" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="classes">{t('allStudents.classesTab')}</Tabs.Tab>
          <Tabs.Tab value="log">{t('log.title')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="classes" pt="md">
          {classes.isPending ? (
            <Skeleton h={200} />
          ) : list.length === 0 ? (
            <Text c="dimmed">{t('allStudents.empty')}</Text>
          ) : (
            <Stack gap="md">
              <Table.ScrollContainer minWidth={560}>
                <Table highlightOnHover aria-label={t('allStudents.classesTab')}>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t('allStudents.classroom')}</Table.Th>
                      <Table.Th>{t('form.name')}</Table.Th>
                      <Table.Th>{t('form.homeroom')}</Table.Th>
                      <Table.Th>{t('allStudents.students')}</Table.Th>
                      <Table.Th />
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {list.map((c) => (
                      <Table.Tr
                        key={c.id}
                        bg={c.id === chosen ? 'var(--mantine-color-blue-light)' : undefined}
                      >
                        <Table.Td>{c.label}</Table.Td>
                        <Table.Td>{c.name}</Table.Td>
                        <Table.Td>{c.homeroomTeacherName ?? '—'}</Table.Td>
                        <Table.Td>{c.studentCount}</Table.Td>
                        <Table.Td>
                          <Button
                            size="xs"
                            variant="light"
                            onClick={() => setChosen(c.id)}
                            aria-pressed={c.id === chosen}
                          >
                            {t('allStudents.open')}
                          </Button>
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
              {current && <RosterPanel key={current.id} classroom={current} chooseHomeroom />}
            </Stack>
          )}
        </Tabs.Panel>
        <Tabs.Panel value="log" pt="md">
          <AccessLogPanel />
        </Tabs.Panel>
      </Tabs>
      {creating && (
        <ClassFormModal
          opened
          onClose={() => setCreating(false)}
          chooseHomeroom
          onSaved={(c) => setChosen(c.id)}
        />
      )}
    </Stack>
  );
}

const ADMIN_ROLES = ['ROLE_ADMIN', 'ROLE_SUPER_ADMIN'] as const;

/** The route: administrators only; everyone else gets the 'no permission' alert (core.md §6). */
export function AllStudentsRoute() {
  return (
    <RequireRoles roles={ADMIN_ROLES}>
      <AllStudentsPage />
    </RequireRoles>
  );
}

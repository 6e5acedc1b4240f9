import { Anchor, Card, Stack, Table, Title } from '@mantine/core';
import type { UsersInfo } from '@ssaem/contracts/users';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** The user's own account at a glance, with the way to change it. */
export function AccountCard({ info }: { info: UsersInfo }) {
  const { t } = useTranslation('dashboard');
  const headingId = useId();
  const rows: [string, string][] = [
    [t('account.name'), info.userInfo.name],
    [t('account.school'), info.schoolInfo?.name ?? info.pendingSchool?.name ?? t('noSchool')],
  ];
  if (info.userInfo.title) rows.push([t('account.classLine'), info.userInfo.title]);
  if (info.userInfo.email) rows.push([t('account.email'), info.userInfo.email]);
  return (
    <Card withBorder radius="lg" padding="md" component="section" aria-labelledby={headingId}>
      <Stack gap="sm">
        <Title order={2} fz="h5" id={headingId}>
          {t('account.title')}
        </Title>
        <Table variant="vertical" withRowBorders={false} verticalSpacing={4}>
          <Table.Tbody>
            {rows.map(([label, value]) => (
              <Table.Tr key={label}>
                <Table.Th w={96} fw={500} c="dimmed">
                  {label}
                </Table.Th>
                <Table.Td>{value}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        <Anchor component={Link} to="/my-info" size="sm">
          {t('account.edit')}
        </Anchor>
      </Stack>
    </Card>
  );
}

import '@mantine/core/styles/NumberInput.css';
import {
  Alert,
  Button,
  Card,
  Group,
  NumberInput,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../../components/toast/toast-context';
import { apiErrorMessage } from '../../../lib/api-error-message';
import { hasRealmRole } from '../../../lib/auth/auth-client';
import { downloadExport, useUsage } from '../api';
import { DataTable, formatDate } from './admin-ui';
import { DailyUsageChart } from './lazy-usage-chart';
import { purposeLabel } from './purpose-label';

const isoDay = (offsetDays: number) =>
  new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);

function Stat({ label, value }: { label: string; value: number }) {
  return (
    <Card withBorder radius="lg" padding="md">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fz={28} fw={700}>
        {value.toLocaleString()}
      </Text>
    </Card>
  );
}

function TopTable({
  title,
  rows,
  nameLabel,
}: {
  title: string;
  rows: { key: string; name: string; tokens: number; calls: number }[];
  nameLabel: string;
}) {
  const { t } = useTranslation('admin');
  return (
    <Card withBorder radius="lg" padding="md" component="section" aria-label={title}>
      <Title order={2} fz="h5" mb="xs">
        {title}
      </Title>
      <DataTable
        label={title}
        isEmpty={rows.length === 0}
        empty={t('usage.empty')}
        minWidth={280}
        head={
          <Table.Tr>
            <Table.Th>{nameLabel}</Table.Th>
            <Table.Th ta="right">{t('usage.tokens')}</Table.Th>
            <Table.Th ta="right">{t('usage.calls')}</Table.Th>
          </Table.Tr>
        }
      >
        {rows.map((row) => (
          <Table.Tr key={row.key}>
            <Table.Td>{row.name}</Table.Td>
            <Table.Td ta="right">{row.tokens.toLocaleString()}</Table.Td>
            <Table.Td ta="right">{row.calls.toLocaleString()}</Table.Td>
          </Table.Tr>
        ))}
      </DataTable>
    </Card>
  );
}

/** /admin/usage: the token-tracker dashboard (a school administrator: their school). */
export function UsagePage() {
  const { t, i18n } = useTranslation('admin');
  const { t: tc } = useTranslation();
  const toast = useToast();
  const superAdmin = hasRealmRole('ROLE_SUPER_ADMIN');
  const [draft, setDraft] = useState({ from: isoDay(-29), to: isoDay(0), schoolId: '' as number | '' });
  const [query, setQuery] = useState(draft);
  const params = {
    from: query.from,
    to: query.to,
    schoolId: query.schoolId === '' ? undefined : query.schoolId,
  };
  const usage = useUsage(params);
  const data = usage.data;
  const exportAs = (format: 'xlsx' | 'csv') =>
    downloadExport(
      '/api/v1/token-tracker/export',
      { ...params, format },
      `token-usage-${query.from}-${query.to}.${format}`,
    ).catch((error: unknown) => toast.show(apiErrorMessage(error, tc)));

  return (
    <Stack gap="lg">
      <title>{t('usage.meta')}</title>
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1}>{t('usage.title')}</Title>
          <Text c="dimmed">{t('usage.lead')}</Text>
        </div>
        <Group gap="xs">
          <Button
            variant="default"
            leftSection={<IconDownload size={16} aria-hidden />}
            onClick={() => exportAs('xlsx')}
          >
            {t('common.export')}
          </Button>
          <Button variant="default" onClick={() => exportAs('csv')}>
            {t('common.exportCsv')}
          </Button>
        </Group>
      </Group>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          setQuery(draft);
        }}
      >
        <Group gap="sm" align="flex-end" wrap="wrap">
          <TextInput
            type="date"
            label={t('common.from')}
            value={draft.from}
            onChange={(event) => {
              const value = event.currentTarget.value;
              setDraft((d) => ({ ...d, from: value }));
            }}
          />
          <TextInput
            type="date"
            label={t('common.to')}
            value={draft.to}
            onChange={(event) => {
              const value = event.currentTarget.value;
              setDraft((d) => ({ ...d, to: value }));
            }}
          />
          {superAdmin && (
            <NumberInput
              label={t('users.schoolId')}
              value={draft.schoolId}
              onChange={(value) =>
                setDraft((d) => ({ ...d, schoolId: typeof value === 'number' ? value : '' }))
              }
              min={1}
              allowDecimal={false}
              w={130}
            />
          )}
          <Button type="submit">{t('common.apply')}</Button>
        </Group>
      </form>
      {usage.isPending ? (
        <Skeleton h={400} />
      ) : usage.isError ? (
        <Alert color="red" role="alert">
          {apiErrorMessage(usage.error, tc)}
        </Alert>
      ) : data ? (
        <>
          <SimpleGrid cols={{ base: 2, sm: 2 }} spacing="md">
            <Stat label={t('usage.totalTokens')} value={data.totals.tokens} />
            <Stat label={t('usage.totalCalls')} value={data.totals.calls} />
          </SimpleGrid>
          <Card withBorder radius="lg" padding="md" component="section" aria-labelledby="daily-title">
            <Title order={2} fz="h5" id="daily-title" mb="xs">
              {t('usage.daily')}
            </Title>
            {data.daily.length === 0 ? (
              <Text c="dimmed" ta="center" py="xl" role="status">
                {t('usage.empty')}
              </Text>
            ) : (
              <DailyUsageChart
                data={data.daily}
                label={t('usage.chartLabel')}
                tokensLabel={t('usage.tokens')}
              />
            )}
          </Card>
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
            <TopTable
              title={t('usage.byTool')}
              nameLabel={t('usage.tool')}
              rows={data.byTool.map((r) => ({
                key: r.purpose,
                name: purposeLabel(t, r.purpose),
                tokens: r.tokens,
                calls: r.calls,
              }))}
            />
            {superAdmin && query.schoolId === '' && (
              <TopTable
                title={t('usage.bySchool')}
                nameLabel={t('usage.school')}
                rows={data.bySchool.map((r) => ({
                  key: String(r.schoolId),
                  name: r.schoolName ?? t('usage.noSchoolName'),
                  tokens: r.tokens,
                  calls: r.calls,
                }))}
              />
            )}
            <TopTable
              title={t('usage.byTeacher')}
              nameLabel={t('usage.teacher')}
              rows={data.byTeacher.map((r) => ({
                key: String(r.userId),
                name: `${r.name} (${r.username})`,
                tokens: r.tokens,
                calls: r.calls,
              }))}
            />
            <TopTable
              title={t('usage.byModel')}
              nameLabel={t('usage.model')}
              rows={data.byModel.map((r) => ({
                key: r.model,
                name: r.model === 'offline' ? t('usage.offlineModel') : r.model,
                tokens: r.tokens,
                calls: r.calls,
              }))}
            />
          </SimpleGrid>
          <Card withBorder radius="lg" padding="md" component="section" aria-labelledby="near-title">
            <Title order={2} fz="h5" id="near-title" mb="xs">
              {t('usage.nearLimit')}
            </Title>
            <DataTable
              label={t('usage.nearLimit')}
              isEmpty={data.nearLimit.length === 0}
              empty={t('usage.nearLimitEmpty')}
              minWidth={520}
              head={
                <Table.Tr>
                  <Table.Th>{t('usage.teacher')}</Table.Th>
                  <Table.Th>{t('usage.school')}</Table.Th>
                  <Table.Th ta="right">{t('usage.used')}</Table.Th>
                  <Table.Th>{t('usage.expiresAt')}</Table.Th>
                </Table.Tr>
              }
            >
              {data.nearLimit.map((r) => (
                <Table.Tr key={`${r.userId}-${r.expiresAt}`}>
                  <Table.Td>
                    {r.name} ({r.username})
                  </Table.Td>
                  <Table.Td>{r.schoolName ?? '—'}</Table.Td>
                  <Table.Td ta="right">
                    {r.tokenUsed.toLocaleString()} / {r.tokenLimit.toLocaleString()} (
                    {Math.round((r.tokenUsed / r.tokenLimit) * 100)}%)
                  </Table.Td>
                  <Table.Td>{formatDate(r.expiresAt, i18n.language)}</Table.Td>
                </Table.Tr>
              ))}
            </DataTable>
          </Card>
        </>
      ) : null}
    </Stack>
  );
}

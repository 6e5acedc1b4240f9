import '@mantine/core/styles/Code.css';
import { Alert, Button, Code, Group, Skeleton, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import type { AuditEntry } from '@ssaem/contracts/admin';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../../components/toast/toast-context';
import { apiErrorMessage } from '../../../lib/api-error-message';
import { downloadExport, useAuditLog } from '../api';
import { DataTable, formatDateTime, Pager } from './admin-ui';

const PAGE_SIZE = 20;

function show(value: unknown): string {
  if (value === null || value === undefined) return '∅';
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** "field: before → after", one line a changed field. */
function Change({ entry }: { entry: AuditEntry }) {
  const keys = [...new Set([...Object.keys(entry.before ?? {}), ...Object.keys(entry.after ?? {})])];
  if (keys.length === 0) return <>—</>;
  return (
    <Stack gap={2}>
      {keys.map((key) => (
        <Text key={key} size="xs">
          <Code>{key}</Code> {entry.before && key in entry.before ? `${show(entry.before[key])} → ` : ''}
          {entry.after && key in entry.after ? show(entry.after[key]) : '∅'}
        </Text>
      ))}
    </Stack>
  );
}

/** /admin/audit: every administrator action (the super administrator). */
export function AuditPage() {
  const { t, i18n } = useTranslation('admin');
  const { t: tc } = useTranslation();
  const toast = useToast();
  const [action, setAction] = useState('');
  const [dates, setDates] = useState({ from: '', to: '' });
  const [pageIndex, setPageIndex] = useState(0);
  const filter = { action: action || undefined, from: dates.from || undefined, to: dates.to || undefined };
  const log = useAuditLog({ ...filter, pageIndex, pageSize: PAGE_SIZE });
  const page = log.data;
  return (
    <Stack gap="lg">
      <title>{t('audit.meta')}</title>
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1}>{t('audit.title')}</Title>
          <Text c="dimmed">{t('audit.lead')}</Text>
        </div>
        <Button
          variant="default"
          leftSection={<IconDownload size={16} aria-hidden />}
          onClick={() =>
            downloadExport('/api/v1/admin/audit-log/export', filter, 'audit-log.xlsx').catch(
              (error: unknown) => toast.show(apiErrorMessage(error, tc)),
            )
          }
        >
          {t('common.export')}
        </Button>
      </Group>
      <Group gap="sm" align="flex-end" wrap="wrap">
        <TextInput
          label={t('audit.actionFilter')}
          value={action}
          onChange={(event) => {
            setAction(event.currentTarget.value.trim());
            setPageIndex(0);
          }}
        />
        <TextInput
          type="date"
          label={t('common.from')}
          value={dates.from}
          onChange={(event) => {
            const value = event.currentTarget.value;
            setDates((d) => ({ ...d, from: value }));
            setPageIndex(0);
          }}
        />
        <TextInput
          type="date"
          label={t('common.to')}
          value={dates.to}
          onChange={(event) => {
            const value = event.currentTarget.value;
            setDates((d) => ({ ...d, to: value }));
            setPageIndex(0);
          }}
        />
      </Group>
      {log.isPending ? (
        <Skeleton h={320} />
      ) : log.isError ? (
        <Alert color="red" role="alert">
          {apiErrorMessage(log.error, tc)}
        </Alert>
      ) : (
        <Stack gap="sm">
          <DataTable
            label={t('audit.title')}
            isEmpty={!page || page.items.length === 0}
            empty={t('audit.empty')}
            minWidth={900}
            head={
              <Table.Tr>
                <Table.Th>{t('audit.when')}</Table.Th>
                <Table.Th>{t('audit.actor')}</Table.Th>
                <Table.Th>{t('audit.action')}</Table.Th>
                <Table.Th>{t('audit.target')}</Table.Th>
                <Table.Th>{t('audit.change')}</Table.Th>
                <Table.Th>{t('audit.from')}</Table.Th>
              </Table.Tr>
            }
          >
            {page?.items.map((entry) => (
              <Table.Tr key={entry.id}>
                <Table.Td>{formatDateTime(entry.createdAt, i18n.language)}</Table.Td>
                <Table.Td>{entry.actorName}</Table.Td>
                <Table.Td>
                  <Code>{entry.action}</Code>
                </Table.Td>
                <Table.Td>{entry.targetLabel ?? `${entry.targetType} ${entry.targetId ?? ''}`}</Table.Td>
                <Table.Td>
                  <Change entry={entry} />
                </Table.Td>
                <Table.Td>{entry.ip ?? '—'}</Table.Td>
              </Table.Tr>
            ))}
          </DataTable>
          {page && (
            <Pager total={page.total} pageIndex={pageIndex} pageSize={PAGE_SIZE} onChange={setPageIndex} />
          )}
        </Stack>
      )}
    </Stack>
  );
}

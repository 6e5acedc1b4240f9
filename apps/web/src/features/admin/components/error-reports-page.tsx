import '@mantine/core/styles/FloatingIndicator.css';
import '@mantine/core/styles/Code.css';
import '@mantine/core/styles/Spoiler.css';
import {
  Alert,
  Badge,
  Button,
  Code,
  Group,
  SegmentedControl,
  Skeleton,
  Spoiler,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiErrorMessage } from '../../../lib/api-error-message';
import { useErrorGroups, useResolveErrorGroup } from '../api';
import { DataTable, formatDateTime, Pager } from './admin-ui';

const PAGE_SIZE = 20;

/** /admin/errors: client errors grouped by signature (the super administrator). */
export function ErrorReportsPage() {
  const { t, i18n } = useTranslation('admin');
  const { t: tc } = useTranslation();
  const [status, setStatus] = useState<'open' | 'resolved' | 'all'>('open');
  const [pageIndex, setPageIndex] = useState(0);
  const groups = useErrorGroups({ status, pageIndex, pageSize: PAGE_SIZE });
  const resolve = useResolveErrorGroup();
  const page = groups.data;
  return (
    <Stack gap="lg">
      <title>{t('errors.meta')}</title>
      <div>
        <Title order={1}>{t('errors.title')}</Title>
        <Text c="dimmed">{t('errors.lead')}</Text>
      </div>
      <SegmentedControl
        value={status}
        onChange={(value) => {
          setStatus(value as typeof status);
          setPageIndex(0);
        }}
        data={[
          { value: 'open', label: t('errors.open') },
          { value: 'resolved', label: t('errors.resolved') },
          { value: 'all', label: t('errors.all') },
        ]}
        w="fit-content"
      />
      {resolve.error && (
        <Alert color="red" role="alert">
          {apiErrorMessage(resolve.error, tc)}
        </Alert>
      )}
      {groups.isPending ? (
        <Skeleton h={320} />
      ) : groups.isError ? (
        <Alert color="red" role="alert">
          {apiErrorMessage(groups.error, tc)}
        </Alert>
      ) : (
        <Stack gap="sm">
          <DataTable
            label={t('errors.title')}
            isEmpty={!page || page.items.length === 0}
            empty={status === 'open' ? t('errors.empty') : t('common.empty')}
            minWidth={960}
            head={
              <Table.Tr>
                <Table.Th>{t('errors.message')}</Table.Th>
                <Table.Th ta="right">{t('errors.count')}</Table.Th>
                <Table.Th ta="right">{t('errors.users')}</Table.Th>
                <Table.Th>{t('errors.firstSeen')}</Table.Th>
                <Table.Th>{t('errors.lastSeen')}</Table.Th>
                <Table.Th>{t('errors.where')}</Table.Th>
                <Table.Th />
              </Table.Tr>
            }
          >
            {page?.items.map((group) => (
              <Table.Tr key={group.signature}>
                <Table.Td maw={360}>
                  <Text size="sm" fw={600} lineClamp={2}>
                    {group.errorType ? `${group.errorType}: ` : ''}
                    {group.message}
                  </Text>
                  {group.stack && (
                    <Spoiler maxHeight={0} showLabel={t('errors.stack')} hideLabel={t('common.cancel')}>
                      <Code block fz="xs">
                        {group.stack}
                      </Code>
                    </Spoiler>
                  )}
                </Table.Td>
                <Table.Td ta="right">{group.count.toLocaleString()}</Table.Td>
                <Table.Td ta="right">{group.users.toLocaleString()}</Table.Td>
                <Table.Td>{formatDateTime(group.firstSeen, i18n.language)}</Table.Td>
                <Table.Td>{formatDateTime(group.lastSeen, i18n.language)}</Table.Td>
                <Table.Td>
                  <Text size="xs">{group.urls.join(', ') || '—'}</Text>
                  <Text size="xs" c="dimmed">
                    {[...group.browsers, ...group.systems].join(' · ')}
                  </Text>
                </Table.Td>
                <Table.Td>
                  {group.resolved ? (
                    <Group gap={4} wrap="nowrap">
                      <Badge color="teal" variant="light">
                        {t('errors.resolved')}
                      </Badge>
                      <Button
                        size="xs"
                        variant="subtle"
                        onClick={() => resolve.mutate({ signature: group.signature, resolved: false })}
                      >
                        {t('errors.reopen')}
                      </Button>
                    </Group>
                  ) : (
                    <Button
                      size="xs"
                      variant="light"
                      onClick={() => resolve.mutate({ signature: group.signature, resolved: true })}
                    >
                      {t('errors.markResolved')}
                    </Button>
                  )}
                </Table.Td>
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

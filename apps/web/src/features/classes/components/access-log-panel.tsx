import { Button, Group, Pagination, Skeleton, Stack, Table, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dateFormat } from '../../../lib/format';
import type ko from '../../../locales/ko/classes.json';
import { classFiles, useAccessLog } from '../api';

type ActionKey = keyof (typeof ko)['log']['actions'];

/** Who touched which pupil's data, newest first, for the school's administrators; exportable. */
export function AccessLogPanel() {
  const { t, i18n } = useTranslation('classes');
  const [page, setPage] = useState(0);
  const log = useAccessLog(page, true);
  const pages = Math.max(1, Math.ceil((log.data?.total ?? 0) / 50));
  const format = dateFormat(i18n.language, { dateStyle: 'short', timeStyle: 'medium' });

  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Text c="dimmed" size="sm">
          {t('log.lead', { count: log.data?.total ?? 0 })}
        </Text>
        <Button
          variant="default"
          leftSection={<IconDownload size={16} aria-hidden />}
          onClick={() => void classFiles.accessLog()}
        >
          {t('log.export')}
        </Button>
      </Group>
      {log.isPending ? (
        <Skeleton h={200} />
      ) : (
        <Table.ScrollContainer minWidth={720}>
          <Table striped aria-label={t('log.title')} fz="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('log.when')}</Table.Th>
                <Table.Th>{t('log.who')}</Table.Th>
                <Table.Th>{t('log.action')}</Table.Th>
                <Table.Th>{t('log.classroom')}</Table.Th>
                <Table.Th>{t('log.student')}</Table.Th>
                <Table.Th>{t('log.where')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {(log.data?.items ?? []).map((entry) => (
                <Table.Tr key={entry.id}>
                  <Table.Td>{format.format(new Date(entry.createdAt))}</Table.Td>
                  <Table.Td>{entry.actorName}</Table.Td>
                  <Table.Td>
                    {t(`log.actions.${entry.action.replaceAll('.', '_') as ActionKey}`)}
                    {entry.detail ? ` · ${entry.detail}` : ''}
                  </Table.Td>
                  <Table.Td>{entry.classroomLabel ?? '—'}</Table.Td>
                  <Table.Td translate="no">{entry.studentLabel ?? '—'}</Table.Td>
                  <Table.Td>{entry.ip ?? '—'}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {pages > 1 && <Pagination total={pages} value={page + 1} onChange={(value) => setPage(value - 1)} />}
    </Stack>
  );
}

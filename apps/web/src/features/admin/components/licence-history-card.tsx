import { Badge, Card, Skeleton, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { numberFormat } from '../../../lib/format';
import { useLicenceHistory } from '../api';
import { DataTable, formatDate, Pager } from './admin-ui';

const PAGE_SIZE = 10;
const STATUS_COLOR = { ACTIVE: 'sage', SUSPENDED: 'orange', EXPIRED: 'gray', ERROR: 'red' } as const;

/** Every licence the account has held, newest first: the plan, the key, the period, the tokens used. */
export function LicenceHistoryCard({ userId }: { userId: number }) {
  const { t, i18n } = useTranslation('admin');
  const { t: ta } = useTranslation('account');
  const [pageIndex, setPageIndex] = useState(0);
  const history = useLicenceHistory(userId, pageIndex, PAGE_SIZE);
  const number = numberFormat(i18n.language);
  const items = history.data?.items ?? [];
  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="licence-history-title">
      <Title order={2} fz="h4" id="licence-history-title" mb="sm">
        {t('licenceHistory.title')}
      </Title>
      {history.isPending ? (
        <Skeleton h={80} />
      ) : (
        <>
          <DataTable
            label={t('licenceHistory.title')}
            isEmpty={items.length === 0}
            empty={t('licenceHistory.empty')}
            head={
              <Table.Tr>
                <Table.Th>{t('licenceHistory.plan')}</Table.Th>
                <Table.Th>{t('licenceHistory.key')}</Table.Th>
                <Table.Th>{t('licenceHistory.period')}</Table.Th>
                <Table.Th>{t('licenceHistory.tokens')}</Table.Th>
                <Table.Th>{t('licenceHistory.status')}</Table.Th>
              </Table.Tr>
            }
          >
            {items.map((licence) => (
              <Table.Tr key={licence.id}>
                <Table.Td>{licence.licenseName ?? '—'}</Table.Td>
                <Table.Td>
                  <Text size="sm" ff="monospace">
                    {licence.licenseKey ?? '—'}
                  </Text>
                </Table.Td>
                <Table.Td>
                  {formatDate(licence.startAt, i18n.language)} ~{' '}
                  {formatDate(licence.expiresAt, i18n.language)}
                </Table.Td>
                <Table.Td>
                  {number.format(licence.tokenUsed)} /{' '}
                  {licence.tokenLimit === 0 ? t('licences.unlimited') : number.format(licence.tokenLimit)}
                </Table.Td>
                <Table.Td>
                  <Badge color={licence.isValid ? STATUS_COLOR[licence.status] : 'gray'} variant="light">
                    {licence.isValid ? ta(`licence.status.${licence.status}`) : ta('licence.invalid')}
                  </Badge>
                </Table.Td>
              </Table.Tr>
            ))}
          </DataTable>
          {history.data && history.data.total > PAGE_SIZE && (
            <Pager
              total={history.data.total}
              pageIndex={pageIndex}
              pageSize={PAGE_SIZE}
              onChange={setPageIndex}
            />
          )}
        </>
      )}
    </Card>
  );
}

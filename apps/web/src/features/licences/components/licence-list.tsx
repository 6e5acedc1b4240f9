import { Badge, Pagination, Skeleton, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../lib/format';
import { LICENCE_PAGE_SIZE, useMyLicences } from '../api';
import { usagePercent } from '../licence-format';

/** My active licences (my-list, page size 10, status ACTIVE), paged. */
export function LicenceList() {
  const { t, i18n } = useTranslation('account');
  const [pageIndex, setPageIndex] = useState(0);
  const page = useMyLicences(pageIndex);
  const date = (value: string | null) => (value ? formatDate(value, i18n.language) : '—');

  if (page.isPending) return <Skeleton h={80} />;
  if (page.isError) return <Text c="red">{t('licence.listFailed')}</Text>;
  if (page.data.items.length === 0) return <Text c="dimmed">{t('licence.listEmpty')}</Text>;
  const pages = Math.ceil(page.data.total / LICENCE_PAGE_SIZE);
  return (
    <>
      <Table.ScrollContainer minWidth={560}>
        <Table striped aria-label={t('licence.listTitle')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('licence.columns.name')}</Table.Th>
              <Table.Th>{t('licence.columns.key')}</Table.Th>
              <Table.Th>{t('licence.columns.period')}</Table.Th>
              <Table.Th>{t('licence.columns.usage')}</Table.Th>
              <Table.Th>{t('licence.columns.status')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {page.data.items.map((licence) => {
              const percent = usagePercent(licence);
              return (
                <Table.Tr key={licence.id}>
                  <Table.Td>{licence.licenseName ?? '—'}</Table.Td>
                  <Table.Td translate="no">{licence.licenseKey}</Table.Td>
                  <Table.Td>
                    {date(licence.startAt)} – {date(licence.expiresAt)}
                  </Table.Td>
                  <Table.Td>{percent === null ? t('licence.unlimitedShort') : `${percent}%`}</Table.Td>
                  <Table.Td>
                    <Badge variant="light">{t(`licence.status.${licence.status}`)}</Badge>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {pages > 1 && (
        <Pagination
          mt="sm"
          total={pages}
          value={pageIndex + 1}
          onChange={(value) => setPageIndex(value - 1)}
          withEdges
        />
      )}
    </>
  );
}

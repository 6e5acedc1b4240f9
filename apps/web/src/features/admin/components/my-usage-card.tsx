import { Card, Group, Skeleton, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useMyUsage } from '../api';
import { DailyUsageChart } from './lazy-usage-chart';
import { purposeLabel } from './purpose-label';

/** My Info: the teacher's own token usage over the last 30 days. */
export function MyUsageCard() {
  const { t } = useTranslation('admin');
  const usage = useMyUsage();
  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="my-usage-title">
      <Title order={2} fz="h3" id="my-usage-title" mb="sm">
        {t('usage.mine')}
      </Title>
      {usage.isPending ? (
        <Skeleton h={120} />
      ) : !usage.data || usage.data.totals.calls === 0 ? (
        <Text c="dimmed">{t('usage.mineEmpty')}</Text>
      ) : (
        <>
          <Group gap="xl" mb="sm">
            <div>
              <Text size="sm" c="dimmed">
                {t('usage.totalTokens')}
              </Text>
              <Text fz={24} fw={700}>
                {usage.data.totals.tokens.toLocaleString()}
              </Text>
            </div>
            <div>
              <Text size="sm" c="dimmed">
                {t('usage.totalCalls')}
              </Text>
              <Text fz={24} fw={700}>
                {usage.data.totals.calls.toLocaleString()}
              </Text>
            </div>
          </Group>
          <DailyUsageChart
            data={usage.data.daily}
            label={t('usage.chartLabel')}
            tokensLabel={t('usage.tokens')}
            height={180}
          />
          <Table mt="sm" aria-label={t('usage.byTool')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('usage.tool')}</Table.Th>
                <Table.Th ta="right">{t('usage.tokens')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {usage.data.byTool.map((row) => (
                <Table.Tr key={row.purpose}>
                  <Table.Td>{purposeLabel(t, row.purpose)}</Table.Td>
                  <Table.Td ta="right">{row.tokens.toLocaleString()}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </>
      )}
    </Card>
  );
}

import { Anchor, Card, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { LibraryCard } from '@ssaem/contracts/library';
import type { UseQueryResult } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDate } from '../../../lib/format';
import { materialTypeLabel } from '../../library/material-type';

interface RecentListProps {
  title: string;
  empty: string;
  query: UseQueryResult<LibraryCard[]>;
}

/** A short list of materials, each with its author line. */
export function RecentList({ title, empty, query }: RecentListProps) {
  const { t, i18n } = useTranslation('library');
  const headingId = useId();
  return (
    <Card withBorder radius="lg" padding="md" component="section" aria-labelledby={headingId}>
      <Title order={2} fz="h5" id={headingId} mb="sm">
        {title}
      </Title>
      {query.isPending ? (
        <Skeleton h={80} />
      ) : query.isError ? (
        <Text size="sm" c="red">
          {t('list.failed')}
        </Text>
      ) : query.data.length === 0 ? (
        <Text size="sm" c="dimmed">
          {empty}
        </Text>
      ) : (
        <Stack component="ul" gap="sm" m={0} p={0} style={{ listStyle: 'none' }}>
          {query.data.map((item) => (
            <li key={item.id}>
              <Anchor component={Link} to={`/v2/library/${item.id}`} fw={600} size="sm" lineClamp={2}>
                {item.title}
              </Anchor>
              <Text size="xs" c="dimmed">
                {t('card.author', { name: item.author.name })} · {materialTypeLabel(t, item.materialType)} ·{' '}
                {formatDate(item.createdAt, i18n.language)}
              </Text>
            </li>
          ))}
        </Stack>
      )}
    </Card>
  );
}

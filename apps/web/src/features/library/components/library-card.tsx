import { Anchor, Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import type { LibraryCard as LibraryCardData } from '@ssaem/contracts/library';
import { IconBookmark, IconHeart, IconSparkles } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { materialTypeLabel } from '../material-type';

interface LibraryCardProps {
  item: LibraryCardData;
  /** A menu of actions (My Materials: move to a folder). */
  actions?: ReactNode;
  headingLevel?: 2 | 3 | 4;
}

/** One result: title, type, author and school, grade and subject, excerpt, likes and saves. */
export function LibraryCard({ item, actions, headingLevel = 3 }: LibraryCardProps) {
  const { t } = useTranslation('library');
  const gradeSubject = [item.gradeName, item.subjectName].filter(Boolean).join(' · ');
  return (
    <Card component="article" withBorder radius="lg" padding="md" aria-labelledby={`library-card-${item.id}`}>
      <Stack gap={6}>
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
          <Title order={headingLevel} fz="md" id={`library-card-${item.id}`} style={{ minWidth: 0 }}>
            <Anchor component={Link} to={`/v2/library/${item.id}`} inherit c="inherit">
              {item.title}
            </Anchor>
          </Title>
          {actions}
        </Group>
        <Group gap={6}>
          <Badge variant="light">{materialTypeLabel(t, item.materialType)}</Badge>
          {gradeSubject ? (
            <Badge variant="outline" color="gray">
              {gradeSubject}
            </Badge>
          ) : null}
        </Group>
        <Text size="sm" c="dimmed">
          {t('card.author', { name: item.author.name })} · {item.school?.name ?? t('card.noSchool')}
        </Text>
        {item.excerpt ? (
          <Text size="sm" lineClamp={3}>
            {item.excerpt}
          </Text>
        ) : null}
        {item.reason ? (
          <Group gap={4} wrap="nowrap" align="flex-start">
            <IconSparkles size={16} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
            <Text size="sm" c="teal.8">
              {t('card.reason', { reason: item.reason })}
            </Text>
          </Group>
        ) : null}
        <Group gap="md">
          <Group gap={4}>
            <IconHeart size={16} aria-hidden />
            <Text size="sm">{t('card.likes', { count: item.likeCount })}</Text>
          </Group>
          <Group gap={4}>
            <IconBookmark size={16} aria-hidden />
            <Text size="sm">{t('card.saves', { count: item.bookmarkCount })}</Text>
          </Group>
        </Group>
      </Stack>
    </Card>
  );
}

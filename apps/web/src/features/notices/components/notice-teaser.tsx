import '@mantine/core/styles/Skeleton.css';
import {
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  Skeleton,
  Stack,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { IconPin } from '@tabler/icons-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isSignedIn } from '../../../lib/session';
import { useLatestNotices } from '../api';
import { formatNoticeDate } from '../format';
import classes from './notice-teaser.module.css';

/** Signed-in readers open the board in the shell (with their school's notices); visitors the public one. */
function boardPath(): string {
  return isSignedIn() ? '/notice' : '/notices';
}

function NoticeRows({ dense }: { dense: boolean }) {
  const { t, i18n } = useTranslation('home');
  const notices = useLatestNotices();

  if (notices.isPending) {
    return (
      // Rows of the shape that is coming, not a spinner: the card keeps its height when they arrive.
      <Stack gap={10} role="status" aria-busy>
        <VisuallyHidden>{t('notices.loading')}</VisuallyHidden>
        <Skeleton h={18} aria-hidden />
        <Skeleton h={18} w="80%" aria-hidden />
        <Skeleton h={18} w="60%" aria-hidden />
      </Stack>
    );
  }
  if (notices.isError) {
    return (
      <Group gap="sm" role="alert">
        <Text c="dimmed">{t('notices.error')}</Text>
        <Button size="xs" variant="light" onClick={() => void notices.refetch()}>
          {t('notices.retry')}
        </Button>
      </Group>
    );
  }
  if (notices.data.length === 0)
    return (
      <Text c="dimmed" {...(dense ? { size: 'sm' } : {})}>
        {t('notices.empty')}
      </Text>
    );
  return (
    <ul className={classes.list}>
      {notices.data.map((notice) => (
        <li key={notice.id} className={classes.row}>
          <Group gap={6} wrap="nowrap">
            {notice.pinned && <IconPin size={14} aria-label={t('notices.pinned')} role="img" />}
            <Anchor
              component={Link}
              to={`${boardPath()}/${notice.id}`}
              fw={600}
              c="inherit"
              lineClamp={1}
              {...(dense ? { size: 'sm' } : {})}
            >
              {notice.title}
            </Anchor>
            {notice.isNew && (
              <Badge color="red" size="xs" variant="filled" style={{ flexShrink: 0 }}>
                {t('notices.new')}
              </Badge>
            )}
          </Group>
          <Group gap="md" c="dimmed" fz={dense ? 'xs' : 'sm'}>
            <span>{notice.writer}</span>
            <time dateTime={notice.createdAt}>
              {formatNoticeDate(notice.createdAt, i18n.resolvedLanguage ?? 'ko')}
            </time>
            <span>{t('notices.views', { views: notice.views })}</span>
          </Group>
        </li>
      ))}
    </ul>
  );
}

/**
 * The newest notices on the home screen (core.md §2 "notice teaser"). `dense` draws it as one card
 * among the signed-in home's others (their padding, heading and text sizes); the public home's is a
 * section of its own.
 */
export function NoticeTeaser({ dense = false }: { dense?: boolean }) {
  const { t } = useTranslation('home');
  const headingId = useId();
  return (
    <Card
      component="section"
      withBorder
      radius="lg"
      padding={dense ? 'md' : 'xl'}
      aria-labelledby={headingId}
      bg="white"
    >
      <Stack gap={dense ? 'sm' : 'md'}>
        <Group justify="space-between" align="baseline">
          <Title order={2} fz={dense ? 'h5' : 'h3'} id={headingId}>
            {t('notices.title')}
          </Title>
          <Anchor component={Link} to={boardPath()} size="sm">
            {t('notices.more')}
          </Anchor>
        </Group>
        <NoticeRows dense={dense} />
      </Stack>
    </Card>
  );
}

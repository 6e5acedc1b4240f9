import { Anchor, Badge, Button, Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconPin } from '@tabler/icons-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isSignedIn } from '../../../lib/session';
import { useLatestNotices } from '../api';
import classes from './notice-teaser.module.css';

function formatDate(iso: string, language: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(language === 'en' ? 'en-GB' : 'ko-KR', { dateStyle: 'medium' }).format(date);
}

/** Signed-in readers open the board in the shell (with their school's notices); visitors the public one. */
function boardPath(): string {
  return isSignedIn() ? '/notice' : '/notices';
}

function NoticeRows() {
  const { t, i18n } = useTranslation('home');
  const notices = useLatestNotices();

  if (notices.isPending) {
    return (
      <Group gap="xs" role="status">
        <Loader size="xs" type="dots" aria-hidden />
        <Text c="dimmed">{t('notices.loading')}</Text>
      </Group>
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
  if (notices.data.length === 0) return <Text c="dimmed">{t('notices.empty')}</Text>;
  return (
    <ul className={classes.list}>
      {notices.data.map((notice) => (
        <li key={notice.id} className={classes.row}>
          <Group gap={6} wrap="nowrap">
            {notice.pinned && <IconPin size={14} aria-label={t('notices.pinned')} role="img" />}
            <Anchor component={Link} to={`${boardPath()}/${notice.id}`} fw={600} c="inherit" lineClamp={1}>
              {notice.title}
            </Anchor>
            {notice.isNew && (
              <Badge color="red" size="xs" variant="filled" style={{ flexShrink: 0 }}>
                {t('notices.new')}
              </Badge>
            )}
          </Group>
          <Group gap="md" c="dimmed" fz="sm">
            <span>{notice.writer}</span>
            <time dateTime={notice.createdAt}>
              {formatDate(notice.createdAt, i18n.resolvedLanguage ?? 'ko')}
            </time>
            <span>{t('notices.views', { views: notice.views })}</span>
          </Group>
        </li>
      ))}
    </ul>
  );
}

/** The newest notices on the home screen (core.md §2 "notice teaser"). */
export function NoticeTeaser() {
  const { t } = useTranslation('home');
  const headingId = useId();
  return (
    <Card component="section" withBorder radius="lg" padding="xl" aria-labelledby={headingId} bg="white">
      <Stack gap="md">
        <Group justify="space-between" align="baseline">
          <Title order={2} fz="h3" id={headingId}>
            {t('notices.title')}
          </Title>
          <Anchor component={Link} to={boardPath()} size="sm">
            {t('notices.more')}
          </Anchor>
        </Group>
        <NoticeRows />
      </Stack>
    </Card>
  );
}

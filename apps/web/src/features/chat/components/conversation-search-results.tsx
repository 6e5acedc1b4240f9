import { Button, Group, Loader, NavLink, Stack, Text } from '@mantine/core';
import { IconMessagePlus, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { apiErrorMessage } from '../../../lib/api-error-message';
import { useConversationSearch } from '../api';
import classes from './chat-sidebar.module.css';
// Its Korean texts choose particles by the word they are given (lib/korean-particles.ts).
import '../../../lib/korean-particles';

interface ConversationSearchResultsProps {
  query: string;
  basePath: string;
  activeId: string | null;
  onClear: () => void;
}

/** The teacher's conversations holding the words, each with the line of the message that matched. */
export function ConversationSearchResults({
  query,
  basePath,
  activeId,
  onClear,
}: ConversationSearchResultsProps) {
  const { t } = useTranslation('chat');
  const { t: tCommon } = useTranslation();
  const search = useConversationSearch(query);
  const hits = search.data?.conversations ?? [];

  return (
    <section aria-labelledby="chat-search-heading" className={classes.recent} aria-busy={search.isFetching}>
      <Group justify="space-between" wrap="nowrap" className={classes.heading}>
        <Text id="chat-search-heading" size="xs" fw={700} c="dimmed">
          {t('sidebar.searchResults')}
        </Text>
        {search.isFetching ? <Loader size={12} aria-hidden /> : null}
      </Group>
      {search.isError ? (
        <Text size="sm" c="red" px="xs" role="alert">
          {apiErrorMessage(search.error, tCommon)}
        </Text>
      ) : null}
      {search.isSuccess && hits.length === 0 ? (
        <Stack gap="xs" px="xs" role="status">
          <Text size="sm">{t('sidebar.searchEmpty', { query })}</Text>
          <Text size="xs" c="dimmed">
            {t('sidebar.searchEmptyHint')}
          </Text>
          <Button
            component={Link}
            to={`${basePath}/new`}
            state={{ prompt: query }}
            size="xs"
            variant="light"
            leftSection={<IconMessagePlus size={14} aria-hidden />}
          >
            {t('sidebar.searchAsk')}
          </Button>
          <Button size="xs" variant="subtle" leftSection={<IconX size={14} aria-hidden />} onClick={onClear}>
            {t('sidebar.searchClear')}
          </Button>
        </Stack>
      ) : null}
      {hits.length > 0 ? (
        <ul className={classes.list} aria-labelledby="chat-search-heading">
          {hits.map((hit) => {
            const title = hit.title || t('sidebar.untitled');
            const isActive = hit.conversationId === activeId;
            return (
              <li key={hit.conversationId} className={classes.item}>
                <NavLink
                  component={Link}
                  to={`${basePath}/${hit.conversationId}`}
                  label={title}
                  description={hit.snippet ?? undefined}
                  active={isActive}
                  aria-current={isActive ? 'page' : undefined}
                  className={classes.link}
                  classNames={{ description: classes.snippet }}
                />
              </li>
            );
          })}
        </ul>
      ) : null}
    </section>
  );
}

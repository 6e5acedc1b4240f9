import '../../../components/form-styles';
import { ActionIcon, Badge, Button, Card, Group, List, Stack, Text, TextInput, Title } from '@mantine/core';
import type { SummaryResult } from '@ssaem/contracts/summary';
import { IconEdit, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { GrowingTextarea } from '../../../components/growing-textarea';
import { useToast } from '../../../components/toast/toast-context';
import { apiErrorMessage } from '../../../lib/api-error-message';
import { useSaveSummary, useSummary } from '../api';
import { RecreateButton } from './recreate-button';
import { EngineNotice, type ReadyItem, ToolItemGate } from './tool-item-gate';

interface Draft {
  title: string;
  keywords: SummaryResult['keywords'];
  summary: string[];
}

function SummaryEditor({ item, onDone }: { item: ReadyItem<SummaryResult>; onDone: () => void }) {
  const { t } = useTranslation('toolViews');
  const { t: tc } = useTranslation();
  const toast = useToast();
  const save = useSaveSummary();
  const [draft, setDraft] = useState<Draft>({
    title: item.title,
    keywords: item.result.keywords,
    summary: item.result.summary,
  });
  const [titleError, setTitleError] = useState<string | null>(null);

  const setKeyword = (index: number, patch: Partial<Draft['keywords'][number]>) =>
    setDraft((d) => ({ ...d, keywords: d.keywords.map((k, i) => (i === index ? { ...k, ...patch } : k)) }));
  const setSentence = (index: number, value: string) =>
    setDraft((d) => ({ ...d, summary: d.summary.map((s, i) => (i === index ? value : s)) }));

  const handleSave = () => {
    const title = draft.title.trim();
    if (!title) {
      setTitleError(t('state.titleRequired'));
      return;
    }
    const result: SummaryResult = {
      ...item.result,
      title,
      keywords: draft.keywords
        .map((k) => ({ keyword: k.keyword.trim(), explanation: k.explanation.trim() }))
        .filter((k) => k.keyword),
      summary: draft.summary.map((s) => s.trim()).filter(Boolean),
    };
    save.mutate(
      { id: item.id, title, result },
      {
        onSuccess: () => {
          toast.show(t('state.saved'));
          onDone();
        },
        onError: (error) => toast.show(apiErrorMessage(error, tc)),
      },
    );
  };

  return (
    <Stack gap="lg">
      <TextInput
        label={t('state.titleLabel')}
        value={draft.title}
        error={titleError}
        required
        onChange={(event) => {
          const title = event.currentTarget.value;
          setTitleError(null);
          setDraft((d) => ({ ...d, title }));
        }}
      />
      <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="summary-keywords-title">
        <Title order={2} fz="h4" id="summary-keywords-title" mb="sm">
          {t('summary.keywords')}
        </Title>
        <Stack gap="sm">
          {draft.keywords.map((keyword, index) => {
            const number = index + 1;
            return (
              // biome-ignore lint/suspicious/noArrayIndexKey: rows have no id; they are edited in place.
              <Group key={index} align="flex-end" wrap="nowrap">
                <TextInput
                  label={t('summary.keywordLabel', { number })}
                  value={keyword.keyword}
                  onChange={(event) => setKeyword(index, { keyword: event.currentTarget.value })}
                  w={200}
                />
                <TextInput
                  label={t('summary.explanationLabel', { number })}
                  value={keyword.explanation}
                  onChange={(event) => setKeyword(index, { explanation: event.currentTarget.value })}
                  style={{ flex: 1 }}
                />
                <ActionIcon
                  variant="subtle"
                  color="red"
                  size="lg"
                  aria-label={t('summary.removeKeyword', { number })}
                  onClick={() =>
                    setDraft((d) => ({ ...d, keywords: d.keywords.filter((_, i) => i !== index) }))
                  }
                >
                  <IconTrash size={18} aria-hidden />
                </ActionIcon>
              </Group>
            );
          })}
          <Button
            variant="subtle"
            w="fit-content"
            leftSection={<IconPlus size={16} aria-hidden />}
            onClick={() =>
              setDraft((d) => ({ ...d, keywords: [...d.keywords, { keyword: '', explanation: '' }] }))
            }
          >
            {t('summary.addKeyword')}
          </Button>
        </Stack>
      </Card>
      <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="summary-sentences-title">
        <Title order={2} fz="h4" id="summary-sentences-title" mb="sm">
          {t('summary.sentences')}
        </Title>
        <Stack gap="sm">
          {draft.summary.map((sentence, index) => {
            const number = index + 1;
            return (
              // biome-ignore lint/suspicious/noArrayIndexKey: sentences have no id; they are edited in place.
              <Group key={index} align="flex-end" wrap="nowrap">
                <GrowingTextarea
                  label={t('summary.sentenceLabel', { number })}
                  value={sentence}
                  minRows={1}
                  onChange={(event) => setSentence(index, event.currentTarget.value)}
                  style={{ flex: 1 }}
                />
                <ActionIcon
                  variant="subtle"
                  color="red"
                  size="lg"
                  aria-label={t('summary.removeSentence', { number })}
                  onClick={() =>
                    setDraft((d) => ({ ...d, summary: d.summary.filter((_, i) => i !== index) }))
                  }
                >
                  <IconTrash size={18} aria-hidden />
                </ActionIcon>
              </Group>
            );
          })}
          <Button
            variant="subtle"
            w="fit-content"
            leftSection={<IconPlus size={16} aria-hidden />}
            onClick={() => setDraft((d) => ({ ...d, summary: [...d.summary, ''] }))}
          >
            {t('summary.addSentence')}
          </Button>
        </Stack>
      </Card>
      <Group>
        <Button onClick={handleSave} loading={save.isPending}>
          {t('state.save')}
        </Button>
        <Button variant="default" onClick={onDone} disabled={save.isPending}>
          {t('state.cancel')}
        </Button>
      </Group>
    </Stack>
  );
}

function SummaryResultView({ item }: { item: ReadyItem<SummaryResult> }) {
  const { t } = useTranslation('toolViews');
  return (
    <Stack gap="lg">
      {/* The easy format has no key words: no card that says there are none. */}
      {item.result.keywords.length > 0 && (
        <Card
          withBorder
          radius="lg"
          padding="lg"
          component="section"
          aria-labelledby="summary-keywords-title"
        >
          <Title order={2} fz="h4" id="summary-keywords-title" mb="sm">
            {t('summary.keywords')}
          </Title>
          <Stack gap="sm" component="dl" m={0}>
            {item.result.keywords.map((keyword, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: keywords may repeat and have no id.
              <div key={index}>
                <Badge component="dt" variant="light" size="lg" tt="none">
                  {keyword.keyword}
                </Badge>
                <Text component="dd" ml={0} mt={4}>
                  {keyword.explanation}
                </Text>
              </div>
            ))}
          </Stack>
        </Card>
      )}
      <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="summary-sentences-title">
        <Title order={2} fz="h4" id="summary-sentences-title" mb="sm">
          {t('summary.sentences')}
        </Title>
        {item.result.summary.length === 0 ? (
          <Text c="dimmed">{t('summary.noSentences')}</Text>
        ) : (
          <List spacing="xs">
            {item.result.summary.map((sentence, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: sentences may repeat and have no id.
              <List.Item key={index}>{sentence}</List.Item>
            ))}
          </List>
        )}
      </Card>
    </Stack>
  );
}

function SummaryView({ item }: { item: ReadyItem<SummaryResult> }) {
  const { t } = useTranslation('toolViews');
  const [isEditing, setIsEditing] = useState(false);
  return (
    <Stack gap="lg">
      <title>{t('summary.meta', { title: item.title })}</title>
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Title order={1} style={{ overflowWrap: 'anywhere' }}>
          {item.title}
        </Title>
        {item.abilities.edit && !isEditing ? (
          <Group gap="xs" wrap="nowrap">
            <RecreateButton kind="summary" id={item.id} />
            <Button
              variant="default"
              leftSection={<IconEdit size={16} aria-hidden />}
              onClick={() => setIsEditing(true)}
            >
              {t('state.edit')}
            </Button>
          </Group>
        ) : null}
      </Group>
      <EngineNotice notice={item.result.notice} />
      {isEditing ? (
        <SummaryEditor item={item} onDone={() => setIsEditing(false)} />
      ) : (
        <SummaryResultView item={item} />
      )}
    </Stack>
  );
}

/** /immersive/create-summary?id=: the summary a teacher made, and (for its creator) its editing. */
export function SummaryViewPage() {
  const { t } = useTranslation('toolViews');
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  const query = useSummary(id);
  return (
    <div style={{ maxWidth: 880, margin: '0 auto' }}>
      <ToolItemGate<SummaryResult>
        id={id}
        query={query}
        messages={{
          loadFailed: t('summary.loadFailed'),
          generationFailed: (message) => t('summary.generationFailed', { message }),
          noData: t('summary.noData'),
        }}
      >
        {(item) => <SummaryView key={item.id} item={item} />}
      </ToolItemGate>
    </div>
  );
}

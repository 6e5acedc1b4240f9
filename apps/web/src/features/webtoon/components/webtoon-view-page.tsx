import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/ActionIcon.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Grid.css';
import '@mantine/core/styles/Alert.css';
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Card,
  Grid,
  Group,
  Loader,
  NativeSelect,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import type { WebtoonResult } from '@ssaem/contracts/webtoon';
import { IconDownload, IconInfoCircle, IconPlus, IconSettings, IconTrash } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { useToast } from '../../../components/toast/toast-context';
import { isApiError } from '../../../lib/api-client';
import { ToolAssistant } from '../../tool-assistant/tool-assistant';
import { saveBlob } from '../../tool-views/save-blob';
import { exportWebtoon, type PanelText, useSavePanels, useWebtoon } from '../api';
import { WebtoonStrip } from './webtoon-strip';

const textOf = (result: WebtoonResult): PanelText[] =>
  result.panels.map((p) => ({ narration: p.narration, dialogue: p.dialogue.map((l) => ({ ...l })) }));

/** The panels' text as form fields: narration, and up to three lines with their speakers. */
export function PanelEditor({
  result,
  onSave,
  saving,
}: {
  result: WebtoonResult;
  onSave: (panels: PanelText[]) => void;
  saving: boolean;
}) {
  const { t } = useTranslation('webtoon');
  const [draft, setDraft] = useState(() => textOf(result));
  useEffect(() => setDraft(textOf(result)), [result]);
  const cast = result.characters.map((c) => c.name);
  const change = (index: number, next: PanelText) =>
    setDraft((d) => d.map((p, i) => (i === index ? next : p)));
  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="panel-editor-title">
      <Title order={2} fz="h4" id="panel-editor-title" mb="sm">
        {t('view.edit')}
      </Title>
      <Stack gap="lg">
        {draft.map((panel, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: panels are fixed in number and order.
          <Stack key={index} gap="xs" component="fieldset" style={{ border: 0, padding: 0, margin: 0 }}>
            <Text component="legend" fw={700}>
              {t('view.panel', { n: index + 1 })}
            </Text>
            <TextInput
              label={t('view.narration')}
              maxLength={80}
              value={panel.narration}
              onChange={(event) => change(index, { ...panel, narration: event.currentTarget.value })}
            />
            {panel.dialogue.map((line, j) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: lines have no id; their order is the panel's.
              <Group key={j} gap="xs" align="flex-end" wrap="nowrap">
                <NativeSelect
                  label={t('view.speaker')}
                  data={cast}
                  value={line.speaker}
                  w={110}
                  onChange={(event) =>
                    change(index, {
                      ...panel,
                      dialogue: panel.dialogue.map((l, k) =>
                        k === j ? { ...l, speaker: event.currentTarget.value } : l,
                      ),
                    })
                  }
                />
                <TextInput
                  label={t('view.line')}
                  maxLength={80}
                  style={{ flex: 1 }}
                  value={line.text}
                  onChange={(event) =>
                    change(index, {
                      ...panel,
                      dialogue: panel.dialogue.map((l, k) =>
                        k === j ? { ...l, text: event.currentTarget.value } : l,
                      ),
                    })
                  }
                />
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  size="lg"
                  aria-label={t('view.removeLine')}
                  onClick={() =>
                    change(index, { ...panel, dialogue: panel.dialogue.filter((_, k) => k !== j) })
                  }
                >
                  <IconTrash size={16} aria-hidden />
                </ActionIcon>
              </Group>
            ))}
            {panel.dialogue.length < 3 ? (
              <Button
                variant="subtle"
                size="xs"
                leftSection={<IconPlus size={14} aria-hidden />}
                style={{ alignSelf: 'flex-start' }}
                onClick={() =>
                  change(index, {
                    ...panel,
                    dialogue: [...panel.dialogue, { speaker: cast[0] ?? '', text: '' }],
                  })
                }
              >
                {t('view.addLine')}
              </Button>
            ) : null}
          </Stack>
        ))}
        <Group justify="flex-end">
          <Button
            loading={saving}
            onClick={() =>
              onSave(draft.map((p) => ({ ...p, dialogue: p.dialogue.filter((l) => l.text.trim()) })))
            }
          >
            {t('view.save')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

/** /tool/webtoon/:id: the strip the server drew, downloads, the panels' text to edit, the assistant. */
export function WebtoonViewPage() {
  const { t } = useTranslation('webtoon');
  const navigate = useNavigate();
  const toast = useToast();
  const id = Number(useParams().id);
  const query = useWebtoon(id);
  const item = query.data;
  const result = item?.status === 3 ? item.result : null;
  const save = useSavePanels(id);
  const [error, setError] = useState<string | null>(null);

  if (query.isPending) return <Loader m="xl" aria-label={t('view.loading')} />;
  if (query.isError || !item)
    return (
      <Alert color="red" m="md" role="alert">
        {t('view.notFound')}
      </Alert>
    );
  if (item.error)
    return (
      <Alert color="red" m="md" role="alert">
        {t('view.failed', { message: item.error })}
      </Alert>
    );
  if (!result)
    return (
      <Group m="xl" gap="sm">
        <Loader size="sm" />
        <Text>{t('view.making')}</Text>
      </Group>
    );

  const download = async (format: 'png' | 'pdf') => {
    try {
      saveBlob(await exportWebtoon(id, format), `${item.title}.${format}`);
    } catch {
      setError(t('view.exportFailed'));
    }
  };

  return (
    <Stack gap="lg" maw={1280} mx="auto" p={{ base: 'sm', sm: 'md' }}>
      <title>{t('view.meta', { title: item.title })}</title>
      <Group justify="space-between" align="flex-start">
        <Stack gap={4}>
          <Title order={1} style={{ overflowWrap: 'anywhere' }}>
            {item.title}
          </Title>
          <Group gap="xs">
            <Text c="dimmed">
              {result.grade} · {result.topic}
            </Text>
            <Badge variant="light" color={result.engine === 'model' ? 'blue' : 'gray'}>
              {result.engine === 'model' ? t('view.engineModel') : t('view.engineOffline')}
            </Badge>
          </Group>
        </Stack>
        <Group gap="xs">
          <Button
            variant="default"
            leftSection={<IconDownload size={16} aria-hidden />}
            onClick={() => void download('png')}
          >
            {t('view.png')}
          </Button>
          <Button
            variant="default"
            leftSection={<IconDownload size={16} aria-hidden />}
            onClick={() => void download('pdf')}
          >
            {t('view.pdf')}
          </Button>
          {item.abilities.edit ? (
            <Button
              variant="default"
              leftSection={<IconSettings size={16} aria-hidden />}
              onClick={() => navigate(`/tool/webtoon?recreate=${id}`)}
            >
              {t('view.recreate')}
            </Button>
          ) : null}
        </Group>
      </Group>
      {result.notice ? (
        <Alert color="blue" variant="light" icon={<IconInfoCircle size={18} aria-hidden />}>
          {result.notice}
        </Alert>
      ) : null}
      {error ? (
        <Alert color="red" variant="light" role="alert">
          {error}
        </Alert>
      ) : null}
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, lg: 7 }}>
          <WebtoonStrip
            id={id}
            version={JSON.stringify(result.panels)}
            alt={t('view.strip', { title: item.title })}
            loadingLabel={t('view.loading')}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 5 }}>
          <Stack gap="lg">
            {item.abilities.edit ? (
              <PanelEditor
                result={result}
                saving={save.isPending}
                onSave={(panels) =>
                  save.mutate(panels, {
                    onSuccess: () => toast.show(t('view.saved')),
                    onError: (failure) =>
                      setError(
                        isApiError(failure)
                          ? (failure.details?.[0]?.message ?? t('view.saveFailed'))
                          : t('view.saveFailed'),
                      ),
                  })
                }
              />
            ) : null}
            <ToolAssistant
              toolType="WEBTOON"
              libraryId={id}
              examples={[t('view.examples.easier'), t('view.examples.quiz')]}
            />
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}

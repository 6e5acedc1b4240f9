import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import {
  type AiPromptVersion,
  PLAYGROUND_INPUT_MAX,
  type PlaygroundOutput,
  playgroundGenerateSchema,
} from '@ssaem/contracts/admin';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiErrorMessage } from '../../../lib/api-error-message';
import { usePlaygroundRun } from '../api';
import classes from './prompts-page.module.css';

const EDITED = 'edited';

function OutputCard({ title, output }: { title: string; output: PlaygroundOutput }) {
  const { t } = useTranslation('admin');
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-label={title}>
      <Group justify="space-between" mb="xs" wrap="nowrap">
        <Text fw={600}>{title}</Text>
        <Badge variant="light" color="gray">
          {t('playground.tokens', { count: output.tokens })}
        </Badge>
      </Group>
      <pre className={classes.output}>{output.output || t('playground.emptyOutput')}</pre>
    </Card>
  );
}

/**
 * The playground: the edited draft (or a stored version) and the live prompt run on the same sample
 * input, side by side (stacked on a phone), before anything is published.
 */
export function PlaygroundPanel({
  promptSeq,
  draftText,
  versions,
}: {
  promptSeq: number;
  draftText: string;
  versions: AiPromptVersion[];
}) {
  const { t } = useTranslation('admin');
  const { t: tc } = useTranslation();
  const run = usePlaygroundRun();
  const [source, setSource] = useState(EDITED);
  const [input, setInput] = useState('');
  const [invalid, setInvalid] = useState<string | null>(null);
  const result = run.data;

  function handleRun() {
    const body =
      source === EDITED
        ? { promptSeq, systemPrompt: draftText, input }
        : { promptSeq, version: Number(source), input };
    // The same schema as the server's, so the form refuses exactly what the server would.
    const parsed = playgroundGenerateSchema.safeParse(body);
    if (!parsed.success) {
      const field = parsed.error.issues[0]?.path[0];
      setInvalid(field === 'input' ? t('playground.needInput') : t('playground.needDraft'));
      return;
    }
    setInvalid(null);
    run.mutate(parsed.data);
  }

  const draftTitle =
    result?.draft.version != null
      ? t('playground.draftVersion', { version: result.draft.version })
      : t('playground.draft');
  const liveTitle =
    result?.live.version != null
      ? t('playground.liveVersion', { version: result.live.version })
      : t('playground.live');

  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby="playground-title">
      <Stack gap="sm">
        <div>
          <Title order={3} fz="h5" id="playground-title">
            {t('playground.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('playground.lead')}
          </Text>
        </div>
        <Select
          label={t('playground.source')}
          data={[
            { value: EDITED, label: t('playground.edited') },
            ...versions.map((v) => ({
              value: String(v.version),
              label: v.live ? `v${v.version} (${t('prompts.live')})` : `v${v.version}`,
            })),
          ]}
          value={source}
          onChange={(value) => setSource(value ?? EDITED)}
          allowDeselect={false}
          maw={320}
        />
        <Textarea
          label={t('playground.input')}
          description={t('playground.inputHint')}
          value={input}
          onChange={(event) => setInput(event.currentTarget.value)}
          maxLength={PLAYGROUND_INPUT_MAX}
          rows={4}
          error={invalid}
        />
        <Group>
          <Button variant="light" onClick={handleRun} loading={run.isPending}>
            {t('playground.run')}
          </Button>
        </Group>
        {run.error && (
          <Alert color="red" role="alert">
            {apiErrorMessage(run.error, tc)}
          </Alert>
        )}
        {result && (
          <Stack gap="sm" aria-live="polite">
            {result.notice ? (
              <Alert color="yellow">{result.notice}</Alert>
            ) : (
              <Text size="xs" c="dimmed">
                {t('playground.model', { model: result.model })}
              </Text>
            )}
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              <OutputCard title={draftTitle} output={result.draft} />
              <OutputCard title={liveTitle} output={result.live} />
            </SimpleGrid>
          </Stack>
        )}
      </Stack>
    </Card>
  );
}

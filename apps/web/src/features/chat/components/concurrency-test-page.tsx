import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/NumberInput.css';
import '@mantine/core/styles/Table.css';
import { Button, Group, NumberInput, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { NO_PARENT_ID } from '@ssaem/contracts/chat';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/api-client';
import { applyFrame, createStreamState } from '../stream/response-state';
import { readChatStream } from '../stream/stream-client';

interface Run {
  index: number;
  status: 'running' | 'done' | 'error';
  firstTokenMs: number | null;
  totalMs: number | null;
  error?: string;
}

const MAX_STREAMS = 50;

function mean(values: number[]): number {
  return values.length ? Math.round(values.reduce((a, b) => a + b, 0) / values.length) : 0;
}

/** /v2/chat/concurrency-test: N answers at once, each timed to its first token and to its end. */
export function ConcurrencyTestPage() {
  const { t } = useTranslation('chat');
  const [count, setCount] = useState<number>(5);
  const [prompt, setPrompt] = useState(() => t('concurrency.defaultPrompt'));
  const [runs, setRuns] = useState<Run[]>([]);
  const running = runs.some((run) => run.status === 'running');
  const abort = useRef<AbortController | null>(null);

  const update = (index: number, patch: Partial<Run>) =>
    setRuns((current) => current.map((run) => (run.index === index ? { ...run, ...patch } : run)));

  const handleStart = () => {
    abort.current?.abort();
    const controller = new AbortController();
    abort.current = controller;
    const n = Math.max(1, Math.min(MAX_STREAMS, count));
    setRuns(
      Array.from({ length: n }, (_, index) => ({
        index,
        status: 'running',
        firstTokenMs: null,
        totalMs: null,
      })),
    );
    for (let index = 0; index < n; index += 1) {
      const started = performance.now();
      let first: number | null = null;
      let state = createStreamState();
      void readChatStream(
        {
          path: '/api/agents/chat/openAI',
          method: 'POST',
          body: { text: prompt, parentMessageId: NO_PARENT_ID, conversationId: null },
          signal: controller.signal,
        },
        (event, data) => {
          state = applyFrame(state, event, data);
          if (first === null && state.content.some((part) => part?.type === 'text' && part.text.length > 0)) {
            first = Math.round(performance.now() - started);
            update(index, { firstTokenMs: first });
          }
        },
      )
        .then(() =>
          update(index, {
            status: state.phase === 'error' ? 'error' : 'done',
            totalMs: Math.round(performance.now() - started),
            error: state.error ?? undefined,
          }),
        )
        .catch((error: unknown) =>
          update(index, {
            status: 'error',
            totalMs: Math.round(performance.now() - started),
            error: isApiError(error) ? error.code : String(error),
          }),
        );
    }
  };

  const done = runs.filter((run) => run.status !== 'running');
  const firsts = runs.flatMap((run) => (run.firstTokenMs === null ? [] : [run.firstTokenMs]));
  const totals = done.flatMap((run) => (run.totalMs === null ? [] : [run.totalMs]));

  return (
    <Stack maw={880}>
      <title>{t('concurrency.meta')}</title>
      <Title order={1}>{t('concurrency.title')}</Title>
      <Text c="dimmed">{t('concurrency.intro')}</Text>
      <Group align="flex-end">
        <NumberInput
          label={t('concurrency.count')}
          min={1}
          max={MAX_STREAMS}
          value={count}
          onChange={(value) => setCount(typeof value === 'number' ? value : Number(value) || 1)}
          w={160}
        />
        <TextInput
          label={t('concurrency.prompt')}
          value={prompt}
          onChange={(event) => setPrompt(event.currentTarget.value)}
          style={{ flex: 1 }}
        />
        <Button onClick={handleStart} loading={running} disabled={!prompt.trim()}>
          {t('concurrency.start')}
        </Button>
      </Group>
      {runs.length > 0 ? (
        <Text role="status">
          {t('concurrency.summary', {
            done: done.length,
            total: runs.length,
            avgFirst: mean(firsts),
            avgTotal: mean(totals),
          })}
        </Text>
      ) : null}
      {runs.length > 0 ? (
        <Table striped aria-label={t('concurrency.table')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('concurrency.index')}</Table.Th>
              <Table.Th>{t('concurrency.status')}</Table.Th>
              <Table.Th>{t('concurrency.firstToken')}</Table.Th>
              <Table.Th>{t('concurrency.total')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {runs.map((run) => (
              <Table.Tr key={run.index}>
                <Table.Td>{run.index + 1}</Table.Td>
                <Table.Td>
                  {t(`concurrency.statuses.${run.status}`)}
                  {run.status === 'error' && run.error ? ` (${run.error})` : ''}
                </Table.Td>
                <Table.Td>
                  {run.firstTokenMs === null ? '—' : t('concurrency.ms', { value: run.firstTokenMs })}
                </Table.Td>
                <Table.Td>
                  {run.totalMs === null ? '—' : t('concurrency.ms', { value: run.totalMs })}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      ) : null}
    </Stack>
  );
}

import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Switch.css';
import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Switch,
  Table,
  Text,
  Title,
} from '@mantine/core';
import type { AiPromptVersion } from '@ssaem/contracts/admin';
import { diffLines } from 'diff';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GrowingTextarea } from '../../../components/growing-textarea';
import { useToast } from '../../../components/toast/toast-context';
import { apiErrorMessage } from '../../../lib/api-error-message';
import { type PromptRow, usePrompts, usePromptVersions, useRollbackPrompt, useSavePrompt } from '../api';
import { ConfirmModal, DataTable, formatDateTime } from './admin-ui';
import { PlaygroundPanel } from './playground-panel';
import classes from './prompts-page.module.css';

/** Line by line: removed lines struck through in red, added lines in green. */
function PromptDiff({ from, to, label }: { from: string; to: string; label: string }) {
  let offset = 0;
  const parts = diffLines(from, to).map((part) => {
    const kind = part.added ? 'added' : part.removed ? 'removed' : 'same';
    const key = `${kind}-${offset}`;
    offset += part.value.length;
    return { kind, key, value: part.value };
  });
  return (
    <figure className={classes.figure}>
      <figcaption className={classes.caption}>{label}</figcaption>
      <pre className={classes.diff}>
        {parts.map((part) =>
          part.kind === 'added' ? (
            <ins key={part.key} className={classes.added}>
              {part.value}
            </ins>
          ) : part.kind === 'removed' ? (
            <del key={part.key} className={classes.removed}>
              {part.value}
            </del>
          ) : (
            <span key={part.key}>{part.value}</span>
          ),
        )}
      </pre>
    </figure>
  );
}

function PromptEditor({ prompt }: { prompt: PromptRow }) {
  const { t, i18n } = useTranslation('admin');
  const { t: tc } = useTranslation();
  const toast = useToast();
  const save = useSavePrompt(prompt.seq, () => toast.show(t('prompts.published')));
  const rollback = useRollbackPrompt(prompt.seq, (version) =>
    toast.show(t('prompts.rolledBack', { version })),
  );
  const versions = usePromptVersions(prompt.seq);
  const [text, setText] = useState(prompt.systemPrompt);
  const [useYn, setUseYn] = useState(prompt.useYn);
  const [compare, setCompare] = useState<AiPromptVersion | null>(null);
  const [restoring, setRestoring] = useState<AiPromptVersion | null>(null);
  const dirty = text !== prompt.systemPrompt || useYn !== prompt.useYn;
  const list = versions.data ?? [];
  return (
    <Stack gap="md">
      {(save.error || rollback.error) && (
        <Alert color="red" role="alert">
          {apiErrorMessage(save.error ?? rollback.error, tc)}
        </Alert>
      )}
      <GrowingTextarea
        label={t('prompts.systemPrompt')}
        value={text}
        onChange={(event) => setText(event.currentTarget.value)}
        minRows={8}
        maxRows={24}
      />
      <PlaygroundPanel promptSeq={prompt.seq} draftText={text} versions={list} />
      <Group justify="space-between">
        <Switch
          label={t('prompts.inUse')}
          checked={useYn === 'Y'}
          onChange={(event) => setUseYn(event.currentTarget.checked ? 'Y' : 'N')}
        />
        <Group gap="xs">
          <Button
            variant="default"
            disabled={!dirty}
            onClick={() => {
              setText(prompt.systemPrompt);
              setUseYn(prompt.useYn);
            }}
          >
            {t('common.cancel')}
          </Button>
          <Button
            disabled={!dirty}
            loading={save.isPending}
            onClick={() => save.mutate({ systemPrompt: text, useYn })}
          >
            {t('prompts.publish')}
          </Button>
        </Group>
      </Group>
      {dirty && <PromptDiff from={prompt.systemPrompt} to={text} label={t('prompts.draftDiff')} />}
      <Title order={3} fz="h5">
        {t('prompts.history')}
      </Title>
      {versions.isPending ? (
        <Skeleton h={120} />
      ) : (
        <DataTable
          label={t('prompts.history')}
          isEmpty={list.length === 0}
          empty={t('common.empty')}
          minWidth={560}
          head={
            <Table.Tr>
              <Table.Th>{t('prompts.version')}</Table.Th>
              <Table.Th>{t('audit.when')}</Table.Th>
              <Table.Th>{t('audit.actor')}</Table.Th>
              <Table.Th />
            </Table.Tr>
          }
        >
          {list.map((version) => (
            <Table.Tr key={version.id}>
              <Table.Td>
                <Group gap={6}>
                  v{version.version}
                  {version.live && (
                    <Badge size="sm" variant="light" color="teal">
                      {t('prompts.live')}
                    </Badge>
                  )}
                  {version.note && (
                    <Text size="xs" c="dimmed">
                      {t('prompts.restoredFrom', { version: version.note })}
                    </Text>
                  )}
                </Group>
              </Table.Td>
              <Table.Td>{formatDateTime(version.createdAt, i18n.language)}</Table.Td>
              <Table.Td>{version.createdByName ?? '—'}</Table.Td>
              <Table.Td>
                <Group gap={4} wrap="nowrap" justify="flex-end">
                  <Button
                    size="xs"
                    variant="subtle"
                    onClick={() => setCompare(compare?.id === version.id ? null : version)}
                  >
                    {t('prompts.compare')}
                  </Button>
                  {!version.live && (
                    <Button size="xs" variant="light" color="orange" onClick={() => setRestoring(version)}>
                      {t('prompts.rollback')}
                    </Button>
                  )}
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </DataTable>
      )}
      {compare && (
        <div>
          <PromptDiff
            from={compare.systemPrompt}
            to={prompt.systemPrompt}
            label={t('prompts.comparing', { version: compare.version })}
          />
        </div>
      )}
      <ConfirmModal
        opened={restoring !== null}
        title={t('prompts.rollbackTitle', { version: restoring?.version ?? 0 })}
        body={t('prompts.rollbackBody')}
        confirmLabel={t('prompts.rollback')}
        loading={rollback.isPending}
        onConfirm={() =>
          restoring && rollback.mutate(restoring.version, { onSettled: () => setRestoring(null) })
        }
        onClose={() => setRestoring(null)}
      />
    </Stack>
  );
}

/** /admin/prompts: the tools' system prompts with version history, diff and rollback (the super administrator). */
export function PromptsPage() {
  const { t } = useTranslation('admin');
  const prompts = usePrompts();
  const [chosen, setChosen] = useState<string | null>(null);
  const list = prompts.data ?? [];
  const current = list.find((p) => String(p.seq) === chosen) ?? list[0];
  return (
    <Stack gap="lg" maw={1080}>
      <title>{t('prompts.meta')}</title>
      <div>
        <Title order={1}>{t('prompts.title')}</Title>
        <Text c="dimmed">{t('prompts.lead')}</Text>
      </div>
      {prompts.isPending ? (
        <Skeleton h={400} />
      ) : list.length === 0 ? (
        <Text c="dimmed">{t('common.empty')}</Text>
      ) : (
        <SimpleGrid cols={1}>
          <Select
            label={t('prompts.choose')}
            data={list.map((p) => ({
              value: String(p.seq),
              label: `${p.name}${p.toolCode ? ` · ${p.toolCode}` : ''}${p.useYn === 'N' ? ` (${t('prompts.notInUse')})` : ''}`,
            }))}
            value={current ? String(current.seq) : null}
            onChange={setChosen}
            allowDeselect={false}
            searchable
            maw={480}
          />
          {current && (
            <Card withBorder radius="lg" padding="lg">
              <PromptEditor key={`${current.seq}-${current.updatedAt}`} prompt={current} />
            </Card>
          )}
        </SimpleGrid>
      )}
    </Stack>
  );
}

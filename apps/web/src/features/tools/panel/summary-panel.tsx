import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Radio.css';
import { Radio, Stack, TextInput } from '@mantine/core';
import {
  SUMMARY_FORMATS,
  SUMMARY_MAX_FILES,
  SUMMARY_MESSAGES,
  SUMMARY_TYPES,
  summaryInputSchema,
} from '@ssaem/contracts/summary';
import { useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { GrowingTextarea } from '../../../components/growing-textarea';
import { zodResolver } from '../../../lib/zod-resolver';
import { createSummary } from '../api';
import { FormCommonSettings } from './common-settings';
import { FilePicker } from './file-picker';
import { GradeSelect } from './grade-subject-select';
import { KeptFileList, recreateWithForm, useKeptFormTarget, useRecreateSubmit } from './kept-form';
import type { RecreatablePanelProps } from './panel-props';
import { RecreateNotice, refillForm } from './studio-fields';
import { ToolPanel } from './tool-panel';
import { useGeneration } from './use-generation';

type SummaryFormInput = z.input<typeof summaryInputSchema>;
type SummaryFormOutput = z.output<typeof summaryInputSchema>;

/** document-tools.md §9: summaries read hwp, docx and pdf (hwpx as well, as the server does). */
export const SUMMARY_FILE_TYPES = ['hwp', 'hwpx', 'docx', 'pdf'] as const;

/**
 * The summary panel (document-tools.md §3, §5): a topic, documents or a text, in one of three
 * formats. With `recreateId` it reopens that summary's form, prefilled with its kept documents,
 * and makes the same summary again from the changed form.
 */
export function SummaryPanel(props: RecreatablePanelProps) {
  return props.opened ? <SummaryForm {...props} /> : null;
}

function SummaryForm({ onClose, recreateId, onDone }: RecreatablePanelProps) {
  const { t } = useTranslation('tools');
  const generation = useGeneration('summary');
  const recreating = useRecreateSubmit(onDone);
  const form = useForm<SummaryFormInput, unknown, SummaryFormOutput>({
    resolver: zodResolver(summaryInputSchema),
    mode: 'all',
    defaultValues: {
      title: '',
      summaryFormat: 'KEYWORD_SUMMARY',
      summaryTopic: '',
      inputText: '',
      summaryDetails: '',
      gradeSeq: null,
      accessLevel: 'PUBLIC',
      editable: true,
      keptFiles: [],
    },
  });
  const target = useKeptFormTarget('summary', recreateId, (item) => refillForm(form, item));
  const { errors } = form.formState;
  const [files, setFiles] = useState<File[]>([]);
  const [rejected, setRejected] = useState(false);
  const type = useWatch({ control: form.control, name: 'summaryType' });
  const kept = useWatch({ control: form.control, name: 'keptFiles' }) ?? [];
  const needsFiles = type === 'DOCUMENT_SUMMARY';
  const fileCount = files.length + kept.length;
  const filesError = rejected
    ? SUMMARY_MESSAGES.unsupported
    : needsFiles && fileCount === 0
      ? SUMMARY_MESSAGES.noFile
      : undefined;
  const canSubmit = form.formState.isValid && (!needsFiles || fileCount > 0) && target.ready;

  const handleSubmit = form.handleSubmit((values) => {
    const chosen = needsFiles ? files : [];
    if (target.isRecreate && recreateId)
      return recreating.run(() => recreateWithForm('summary', recreateId, values, chosen));
    return generation.run(() => createSummary(values, chosen));
  });

  return (
    <ToolPanel
      opened
      onClose={onClose}
      title={target.isRecreate ? t('summary.recreateTitle') : t('tools.summary')}
      canSubmit={canSubmit}
      onSubmit={() => void handleSubmit()}
      isGenerating={generation.isGenerating || recreating.isSubmitting}
      error={generation.error ?? recreating.error}
    >
      <RecreateNotice target={target} />
      <TextInput
        {...form.register('title')}
        label={t('fields.title')}
        placeholder={t('summary.titlePlaceholder')}
        required
        error={errors.title?.message}
      />
      <Controller
        control={form.control}
        name="summaryType"
        render={({ field, fieldState }) => (
          <Radio.Group
            label={t('summary.type')}
            required
            value={field.value ?? ''}
            onChange={(value) => field.onChange(value)}
            error={fieldState.error?.message}
          >
            <Stack gap={6} mt={6}>
              {SUMMARY_TYPES.map((value) => (
                <Radio key={value} value={value} label={t(`summary.types.${value}`)} />
              ))}
            </Stack>
          </Radio.Group>
        )}
      />
      {type === 'TOPIC_SUMMARY' ? (
        <TextInput
          {...form.register('summaryTopic')}
          label={t('summary.topic')}
          placeholder={t('summary.topicPlaceholder')}
          required
          error={errors.summaryTopic?.message}
        />
      ) : null}
      {type === 'TEXT_SUMMARY' ? (
        <GrowingTextarea
          {...form.register('inputText')}
          label={t('summary.text')}
          minRows={6}
          maxRows={14}
          required
          error={errors.inputText?.message}
        />
      ) : null}
      {needsFiles ? (
        <KeptFileList
          files={kept}
          onChange={(next) => form.setValue('keptFiles', next, { shouldValidate: true })}
        />
      ) : null}
      {needsFiles ? (
        <FilePicker
          label={t('summary.files')}
          accept={SUMMARY_FILE_TYPES}
          multiple
          max={SUMMARY_MAX_FILES - kept.length}
          files={files}
          onChange={(next) => {
            setFiles(next);
            setRejected(false);
          }}
          onRejected={(names) => setRejected(names.length > 0)}
          error={filesError}
        />
      ) : null}
      <Controller
        control={form.control}
        name="summaryFormat"
        render={({ field }) => (
          <Radio.Group
            label={t('summary.format')}
            value={field.value ?? 'KEYWORD_SUMMARY'}
            onChange={field.onChange}
          >
            <Stack gap={6} mt={6}>
              {SUMMARY_FORMATS.map((value) => (
                <Radio key={value} value={value} label={t(`summary.formats.${value}`)} />
              ))}
            </Stack>
          </Radio.Group>
        )}
      />
      <Controller
        control={form.control}
        name="gradeSeq"
        render={({ field }) => (
          <GradeSelect
            value={field.value}
            onChange={(code) => {
              field.onChange(code?.codeSeq ?? null);
              form.setValue('grade', code?.name);
            }}
          />
        )}
      />
      <GrowingTextarea
        {...form.register('summaryDetails')}
        label={t('summary.details')}
        placeholder={t('summary.detailsPlaceholder')}
        minRows={2}
        error={errors.summaryDetails?.message}
      />
      <FormCommonSettings
        form={form}
        tool={target.isRecreate ? undefined : 'summary'}
        readOnly={target.isRecreate && target.item?.abilities.changeSettings !== true}
      />
    </ToolPanel>
  );
}

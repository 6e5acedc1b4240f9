import '@mantine/core/styles/Radio.css';
import { zodResolver } from '@hookform/resolvers/zod';
import { Radio, Stack, Textarea, TextInput } from '@mantine/core';
import {
  SUMMARY_FORMATS,
  SUMMARY_MESSAGES,
  SUMMARY_TYPES,
  summaryInputSchema,
} from '@ssaem/contracts/summary';
import { useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { createSummary } from '../api';
import { FormCommonSettings } from './common-settings';
import { FilePicker } from './file-picker';
import { GradeSelect } from './grade-subject-select';
import type { PanelProps } from './panel-props';
import { ToolPanel } from './tool-panel';
import { useGeneration } from './use-generation';

type SummaryFormInput = z.input<typeof summaryInputSchema>;
type SummaryFormOutput = z.output<typeof summaryInputSchema>;

/** document-tools.md §9: summaries read hwp, docx and pdf (hwpx as well, as the server does). */
export const SUMMARY_FILE_TYPES = ['hwp', 'hwpx', 'docx', 'pdf'] as const;
const SUMMARY_MAX_FILES = 5;

/** The summary panel (document-tools.md §3, §5): a topic, documents or a text, in one of three formats. */
export function SummaryPanel({ opened, onClose }: PanelProps) {
  return opened ? <SummaryForm onClose={onClose} /> : null;
}

function SummaryForm({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('tools');
  const generation = useGeneration('summary');
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
    },
  });
  const { errors } = form.formState;
  const [files, setFiles] = useState<File[]>([]);
  const [rejected, setRejected] = useState(false);
  const type = useWatch({ control: form.control, name: 'summaryType' });
  const needsFiles = type === 'DOCUMENT_SUMMARY';
  const filesError = rejected
    ? SUMMARY_MESSAGES.unsupported
    : needsFiles && files.length === 0
      ? SUMMARY_MESSAGES.noFile
      : undefined;
  const canSubmit = form.formState.isValid && (!needsFiles || files.length > 0);

  const handleSubmit = form.handleSubmit((values) =>
    generation.run(() => createSummary(values, needsFiles ? files : [])),
  );

  return (
    <ToolPanel
      opened
      onClose={onClose}
      title={t('tools.summary')}
      canSubmit={canSubmit}
      onSubmit={() => void handleSubmit()}
      isGenerating={generation.isGenerating}
      error={generation.error}
    >
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
        <Textarea
          {...form.register('inputText')}
          label={t('summary.text')}
          autosize
          minRows={6}
          maxRows={14}
          required
          error={errors.inputText?.message}
        />
      ) : null}
      {needsFiles ? (
        <FilePicker
          label={t('summary.files')}
          accept={SUMMARY_FILE_TYPES}
          multiple
          max={SUMMARY_MAX_FILES}
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
      <Textarea
        {...form.register('summaryDetails')}
        label={t('summary.details')}
        placeholder={t('summary.detailsPlaceholder')}
        autosize
        minRows={2}
        error={errors.summaryDetails?.message}
      />
      <FormCommonSettings form={form} tool="summary" />
    </ToolPanel>
  );
}

import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Radio.css';
import { Group, Radio, TextInput } from '@mantine/core';
import {
  TEXT_CORRECTION_FILE_TYPES,
  TEXT_CORRECTION_MESSAGES,
  textCorrectionInputSchema,
} from '@ssaem/contracts/text-correction';
import { useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { GrowingTextarea } from '../../../components/growing-textarea';
import { zodResolver } from '../../../lib/zod-resolver';
import { createTextCorrection } from '../api';
import { FormCommonSettings } from './common-settings';
import { FilePicker } from './file-picker';
import { GradeSelect } from './grade-subject-select';
import type { PanelProps } from './panel-props';
import { ToolPanel } from './tool-panel';
import { useGeneration } from './use-generation';

type TextCorrectionFormInput = z.input<typeof textCorrectionInputSchema>;
type TextCorrectionFormOutput = z.output<typeof textCorrectionInputSchema>;

/** The spelling and grammar checker (document-tools.md §2, §5): a typed text or one file. */
export function TextCorrectionPanel({ opened, onClose }: PanelProps) {
  return opened ? <TextCorrectionForm onClose={onClose} /> : null;
}

function TextCorrectionForm({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('tools');
  const generation = useGeneration('text-correction');
  const form = useForm<TextCorrectionFormInput, unknown, TextCorrectionFormOutput>({
    resolver: zodResolver(textCorrectionInputSchema),
    mode: 'all',
    defaultValues: {
      title: '',
      useManualType: 'TEXT',
      userText: '',
      gradeSeq: null,
      accessLevel: 'PUBLIC',
      editable: true,
    },
  });
  const { errors } = form.formState;
  const [files, setFiles] = useState<File[]>([]);
  const [rejected, setRejected] = useState(false);
  const mode = useWatch({ control: form.control, name: 'useManualType' }) ?? 'TEXT';
  const needsFile = mode === 'FILE';
  const fileError = rejected
    ? TEXT_CORRECTION_MESSAGES.unsupported
    : needsFile && files.length === 0
      ? TEXT_CORRECTION_MESSAGES.noFile
      : undefined;
  const canSubmit = form.formState.isValid && (!needsFile || files.length > 0);

  const handleSubmit = form.handleSubmit((values) =>
    generation.run(() => createTextCorrection(values, needsFile ? files.slice(0, 1) : [])),
  );

  return (
    <ToolPanel
      opened
      onClose={onClose}
      title={t('tools.text-correction')}
      canSubmit={canSubmit}
      onSubmit={() => void handleSubmit()}
      isGenerating={generation.isGenerating}
      error={generation.error}
    >
      <TextInput
        {...form.register('title')}
        label={t('fields.title')}
        required
        error={errors.title?.message}
      />
      <Controller
        control={form.control}
        name="useManualType"
        render={({ field }) => (
          <Radio.Group
            label={t('textCorrection.source')}
            value={field.value ?? 'TEXT'}
            onChange={field.onChange}
          >
            <Group gap="lg" mt={6}>
              <Radio value="TEXT" label={t('textCorrection.sources.TEXT')} />
              <Radio value="FILE" label={t('textCorrection.sources.FILE')} />
            </Group>
          </Radio.Group>
        )}
      />
      {needsFile ? (
        <FilePicker
          label={t('textCorrection.file')}
          accept={TEXT_CORRECTION_FILE_TYPES}
          files={files}
          onChange={(next) => {
            setFiles(next);
            setRejected(false);
          }}
          onRejected={(names) => setRejected(names.length > 0)}
          error={fileError}
        />
      ) : (
        <GrowingTextarea
          {...form.register('userText')}
          label={t('textCorrection.text')}
          minRows={8}
          maxRows={16}
          required
          error={errors.userText?.message}
        />
      )}
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
      <FormCommonSettings form={form} tool="text-correction" />
    </ToolPanel>
  );
}

import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/Radio.css';
import { Checkbox, Group, Radio, SimpleGrid, TextInput } from '@mantine/core';
import {
  FEEDBACK_AREAS,
  FEEDBACK_FILE_TYPES,
  FEEDBACK_MAX_FILES,
  FEEDBACK_MESSAGES,
  type FeedbackArea,
  feedbackInputSchema,
} from '@ssaem/contracts/feedback';
import { PRIVATE_SHARING } from '@ssaem/contracts/sharing-defaults';
import { useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { GrowingTextarea } from '../../../components/growing-textarea';
import { zodResolver } from '../../../lib/zod-resolver';
import { createFeedback } from '../api';
import { FormCommonSettings } from './common-settings';
import { FilePicker } from './file-picker';
import { GradeSelect } from './grade-subject-select';
import { KeptFileList, recreateWithForm, useKeptFormTarget, useRecreateSubmit } from './kept-form';
import type { RecreatablePanelProps } from './panel-props';
import { RecreateNotice, refillForm } from './studio-fields';
import { ToolPanel } from './tool-panel';
import { useGeneration } from './use-generation';

type FeedbackFormInput = z.input<typeof feedbackInputSchema>;
type FeedbackFormOutput = z.output<typeof feedbackInputSchema>;

/**
 * Feedback on student writing (document-tools.md §3, §5): six areas, a typed text or files. With
 * `recreateId` it reopens that feedback's form, prefilled with its kept attachments, and makes the
 * same feedback again from the changed form.
 */
export function FeedbackPanel(props: RecreatablePanelProps) {
  return props.opened ? <FeedbackForm {...props} /> : null;
}

function FeedbackForm({ onClose, recreateId, onDone }: RecreatablePanelProps) {
  const { t } = useTranslation('tools');
  const generation = useGeneration('feedback');
  const recreating = useRecreateSubmit(onDone);
  const form = useForm<FeedbackFormInput, unknown, FeedbackFormOutput>({
    resolver: zodResolver(feedbackInputSchema),
    mode: 'all',
    defaultValues: {
      title: '',
      items: [...FEEDBACK_AREAS],
      useManualType: true,
      targetContent: '',
      gradeSeq: null,
      query: '',
      ...PRIVATE_SHARING,
      keptFiles: [],
    },
  });
  const target = useKeptFormTarget('feedback', recreateId, (item) => refillForm(form, item));
  const { errors } = form.formState;
  const [files, setFiles] = useState<File[]>([]);
  const [rejected, setRejected] = useState(false);
  const manual = useWatch({ control: form.control, name: 'useManualType' }) ?? true;
  const kept = useWatch({ control: form.control, name: 'keptFiles' }) ?? [];
  const fileCount = files.length + kept.length;
  const fileError = rejected
    ? FEEDBACK_MESSAGES.unsupported
    : !manual && fileCount === 0
      ? FEEDBACK_MESSAGES.noFile
      : undefined;
  const canSubmit = form.formState.isValid && (manual || fileCount > 0) && target.ready;

  const handleSubmit = form.handleSubmit((values) => {
    const chosen = manual ? [] : files;
    if (target.isRecreate && recreateId)
      return recreating.run(() => recreateWithForm('feedback', recreateId, values, chosen));
    return generation.run(() => createFeedback(values, chosen));
  });

  return (
    <ToolPanel
      opened
      onClose={onClose}
      title={target.isRecreate ? t('feedback.recreateTitle') : t('tools.feedback')}
      canSubmit={canSubmit}
      onSubmit={() => void handleSubmit()}
      isGenerating={generation.isGenerating || recreating.isSubmitting}
      error={generation.error ?? recreating.error}
    >
      <RecreateNotice target={target} />
      <TextInput
        {...form.register('title')}
        label={t('feedback.title')}
        required
        error={errors.title?.message}
      />
      <Controller
        control={form.control}
        name="items"
        render={({ field, fieldState }) => (
          <Checkbox.Group
            label={t('feedback.areas')}
            value={field.value ?? []}
            onChange={(value) => field.onChange(value as FeedbackArea[])}
            error={fieldState.error?.message}
          >
            <SimpleGrid cols={3} mt={6} spacing="xs">
              {FEEDBACK_AREAS.map((area) => (
                <Checkbox key={area} value={area} label={t(`feedback.area.${area}`)} />
              ))}
            </SimpleGrid>
          </Checkbox.Group>
        )}
      />
      <Controller
        control={form.control}
        name="useManualType"
        render={({ field }) => (
          <Radio.Group
            label={t('feedback.source')}
            value={field.value === false ? 'FILE' : 'TEXT'}
            onChange={(value) => field.onChange(value === 'TEXT')}
          >
            <Group gap="lg" mt={6}>
              <Radio value="TEXT" label={t('feedback.sources.TEXT')} />
              <Radio value="FILE" label={t('feedback.sources.FILE')} />
            </Group>
          </Radio.Group>
        )}
      />
      {manual ? (
        <GrowingTextarea
          {...form.register('targetContent')}
          label={t('feedback.text')}
          minRows={8}
          maxRows={16}
          required
          error={errors.targetContent?.message}
        />
      ) : (
        <>
          <KeptFileList
            files={kept}
            onChange={(next) => form.setValue('keptFiles', next, { shouldValidate: true })}
          />
          <FilePicker
            label={t('feedback.files')}
            accept={FEEDBACK_FILE_TYPES}
            multiple
            max={FEEDBACK_MAX_FILES - kept.length}
            files={files}
            onChange={(next) => {
              setFiles(next);
              setRejected(false);
            }}
            onRejected={(names) => setRejected(names.length > 0)}
            error={fileError}
          />
        </>
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
      <GrowingTextarea
        {...form.register('query')}
        label={t('feedback.query')}
        placeholder={t('feedback.queryPlaceholder')}
        minRows={2}
        error={errors.query?.message}
      />
      <FormCommonSettings
        form={form}
        tool={target.isRecreate ? undefined : 'feedback'}
        readOnly={target.isRecreate && target.item?.abilities.changeSettings !== true}
      />
    </ToolPanel>
  );
}

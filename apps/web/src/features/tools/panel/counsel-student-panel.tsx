import { zodResolver } from '@hookform/resolvers/zod';
import { Textarea, TextInput } from '@mantine/core';
import {
  COUNSEL_SUBJECT_LABELS,
  COUNSEL_SUBJECTS,
  counselStudentInputSchema,
} from '@ssaem/contracts/counselling';
import { PRIVATE_SHARING } from '@ssaem/contracts/sharing';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { createStudioDocument } from '../api';
import { FormCommonSettings } from './common-settings';
import type { PanelProps } from './panel-props';
import { ChoiceCheckboxes, GenderRadios } from './studio-fields';
import { ToolPanel } from './tool-panel';
import { useGeneration } from './use-generation';

type StudentFormInput = z.input<typeof counselStudentInputSchema>;
type StudentFormOutput = z.output<typeof counselStudentInputSchema>;

export const COUNSEL_SUBJECT_OPTIONS = COUNSEL_SUBJECTS.map((subject) => ({
  value: subject,
  label: COUNSEL_SUBJECT_LABELS[subject],
}));

/**
 * The student counselling record (document-tools.md §3, §5): name, gender, subjects, situation,
 * intervention and plan. It holds a minor's personal data, so it starts private.
 */
export function CounselStudentPanel({ opened, onClose }: PanelProps) {
  return opened ? <CounselStudentForm onClose={onClose} /> : null;
}

function CounselStudentForm({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('tools');
  const generation = useGeneration('counsel-student');
  const form = useForm<StudentFormInput, unknown, StudentFormOutput>({
    resolver: zodResolver(counselStudentInputSchema),
    mode: 'all',
    defaultValues: {
      title: '',
      studentName: '',
      counselSubject: [],
      topic: '',
      teacherIntervention: '',
      futurePlan: '',
      requestContent: '',
      ...PRIVATE_SHARING,
    },
  });
  const { errors } = form.formState;

  const handleSubmit = form.handleSubmit((values) =>
    generation.run(() =>
      createStudioDocument('COUNSEL_STUDENT', {
        ...values,
        counselSubject: values.counselSubject.join(','),
      }),
    ),
  );

  return (
    <ToolPanel
      opened
      onClose={onClose}
      title={t('tools.counsel-student')}
      canSubmit={form.formState.isValid}
      onSubmit={() => void handleSubmit()}
      isGenerating={generation.isGenerating}
      loadingMessage={t('studio.loading.counsel-student')}
      error={generation.error}
    >
      <TextInput
        {...form.register('title')}
        label={t('fields.title')}
        placeholder={t('counsel.studentTitlePlaceholder')}
        required
        error={errors.title?.message}
      />
      <TextInput
        {...form.register('studentName')}
        label={t('counsel.studentName')}
        required
        error={errors.studentName?.message}
      />
      <Controller
        control={form.control}
        name="gender"
        render={({ field, fieldState }) => (
          <GenderRadios value={field.value} onChange={field.onChange} error={fieldState.error?.message} />
        )}
      />
      <Controller
        control={form.control}
        name="counselSubject"
        render={({ field, fieldState }) => (
          <ChoiceCheckboxes
            label={t('counsel.subjects')}
            required
            cols={3}
            options={COUNSEL_SUBJECT_OPTIONS}
            value={Array.isArray(field.value) ? (field.value as string[]) : []}
            onChange={field.onChange}
            onBlur={field.onBlur}
            error={fieldState.error?.message}
          />
        )}
      />
      <Textarea
        {...form.register('topic')}
        label={t('counsel.situation')}
        autosize
        minRows={3}
        required
        error={errors.topic?.message}
      />
      <Textarea
        {...form.register('teacherIntervention')}
        label={t('counsel.intervention')}
        autosize
        minRows={2}
        required
        error={errors.teacherIntervention?.message}
      />
      <Textarea
        {...form.register('futurePlan')}
        label={t('counsel.futurePlan')}
        autosize
        minRows={2}
        required
        error={errors.futurePlan?.message}
      />
      <Textarea
        {...form.register('requestContent')}
        label={t('studio.request')}
        placeholder={t('counsel.requestPlaceholder')}
        autosize
        minRows={2}
        error={errors.requestContent?.message}
      />
      <FormCommonSettings form={form} tool="counsel-student" />
    </ToolPanel>
  );
}

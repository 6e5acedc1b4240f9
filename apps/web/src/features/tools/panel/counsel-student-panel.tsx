import { TextInput } from '@mantine/core';
import {
  COUNSEL_SUBJECT_LABELS,
  COUNSEL_SUBJECTS,
  counselStudentInputSchema,
} from '@ssaem/contracts/counselling';
import { PRIVATE_SHARING } from '@ssaem/contracts/sharing-defaults';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { GrowingTextarea } from '../../../components/growing-textarea';
import { zodResolver } from '../../../lib/zod-resolver';
import { createStudioDocument } from '../api';
import { FormCommonSettings } from './common-settings';
import type { RecreatablePanelProps } from './panel-props';
import {
  ChoiceCheckboxes,
  GenderRadios,
  RecreateNotice,
  refillForm,
  useRecreateTarget,
} from './studio-fields';
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
 * intervention and plan. It holds a minor's personal data, so it starts private. With
 * `recreateId` it makes that record again (PUT) from the form it was made from.
 */
export function CounselStudentPanel(props: RecreatablePanelProps) {
  return props.opened ? <CounselStudentForm {...props} /> : null;
}

function CounselStudentForm({ onClose, recreateId, onDone }: RecreatablePanelProps) {
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
  const target = useRecreateTarget('counsel-student', recreateId, (item) => refillForm(form, item));
  const { errors } = form.formState;
  const canSubmit = form.formState.isValid && target.ready;

  const handleSubmit = form.handleSubmit((values) => {
    const input = { ...values, counselSubject: values.counselSubject.join(',') };
    return generation.run(
      () => target.send(input, () => createStudioDocument('COUNSEL_STUDENT', input)),
      onDone,
    );
  });

  return (
    <ToolPanel
      opened
      onClose={onClose}
      title={target.isRecreate ? t('studio.recreate.title.counsel-student') : t('tools.counsel-student')}
      canSubmit={canSubmit}
      onSubmit={() => void handleSubmit()}
      isGenerating={generation.isGenerating}
      loadingMessage={t('studio.loading.counsel-student')}
      error={generation.error}
    >
      <RecreateNotice target={target} />
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
      <GrowingTextarea
        {...form.register('topic')}
        label={t('counsel.situation')}
        minRows={3}
        required
        error={errors.topic?.message}
      />
      <GrowingTextarea
        {...form.register('teacherIntervention')}
        label={t('counsel.intervention')}
        minRows={2}
        required
        error={errors.teacherIntervention?.message}
      />
      <GrowingTextarea
        {...form.register('futurePlan')}
        label={t('counsel.futurePlan')}
        minRows={2}
        required
        error={errors.futurePlan?.message}
      />
      <GrowingTextarea
        {...form.register('requestContent')}
        label={t('studio.request')}
        placeholder={t('counsel.requestPlaceholder')}
        minRows={2}
        error={errors.requestContent?.message}
      />
      <FormCommonSettings
        form={form}
        tool={target.isRecreate ? undefined : 'counsel-student'}
        readOnly={target.isRecreate}
      />
    </ToolPanel>
  );
}

import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Radio.css';
import { Group, NativeSelect, Radio, SimpleGrid, TextInput } from '@mantine/core';
import {
  defaultSemester,
  IMAGE_PROVIDERS,
  LESSON_LANGUAGE_LABELS,
  LESSON_LANGUAGES,
  LESSON_PROMPT_SEQ,
  lessonInputSchema,
} from '@ssaem/contracts/lesson';
import { CURRICULA, defaultCurriculum } from '@ssaem/contracts/reference';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { GrowingTextarea } from '../../../components/growing-textarea';
import { zodResolver } from '../../../lib/zod-resolver';
import { createLesson } from '../api';
import { FormCommonSettings } from './common-settings';
import { GradeSelect, SubjectSelect } from './grade-subject-select';
import type { PanelProps } from './panel-props';
import { ToolPanel } from './tool-panel';
import { useGeneration } from './use-generation';

type LessonFormInput = z.input<typeof lessonInputSchema>;
type LessonFormOutput = z.output<typeof lessonInputSchema>;

/** The lesson panel (document-tools.md §3, §5, §9): grade, subject, semester, curriculum, language, goal. */
export function LessonPanel({ opened, onClose }: PanelProps) {
  return opened ? <LessonForm onClose={onClose} /> : null;
}

function LessonForm({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('tools');
  const generation = useGeneration('lesson');
  const form = useForm<LessonFormInput, unknown, LessonFormOutput>({
    resolver: zodResolver(lessonInputSchema),
    mode: 'all',
    defaultValues: {
      title: '',
      semester: defaultSemester(),
      language: 'KOREAN',
      query: '',
      provider: 'imagen',
      additionalInfo: '',
      accessLevel: 'PUBLIC',
      editable: true,
      promptSeq: LESSON_PROMPT_SEQ,
    },
  });
  const { errors } = form.formState;
  const gradeSeq = useWatch({ control: form.control, name: 'gradeSeq' });

  const handleSubmit = form.handleSubmit((values) => generation.run(() => createLesson(values)));

  return (
    <ToolPanel
      opened
      onClose={onClose}
      title={t('tools.lesson')}
      canSubmit={form.formState.isValid}
      onSubmit={() => void handleSubmit()}
      isGenerating={generation.isGenerating}
      loadingMessage={t('lesson.loading')}
      error={generation.error}
    >
      <TextInput
        {...form.register('title')}
        label={t('fields.title')}
        placeholder={t('lesson.titlePlaceholder')}
        required
        error={errors.title?.message}
      />
      <SimpleGrid cols={2} spacing="md">
        <Controller
          control={form.control}
          name="gradeSeq"
          render={({ field, fieldState }) => (
            <GradeSelect
              required
              value={field.value}
              onBlur={field.onBlur}
              onChange={(code) => {
                field.onChange(code?.codeSeq);
                // Subjects belong to a grade: a new grade starts the subject over.
                form.setValue('subjectSeq', undefined as unknown as number, { shouldValidate: true });
                // The curriculum the grade follows this school year; the teacher may choose the other.
                form.setValue('curriculum', defaultCurriculum(code?.codeSeq));
              }}
              error={fieldState.error?.message}
            />
          )}
        />
        <Controller
          control={form.control}
          name="subjectSeq"
          render={({ field, fieldState }) => (
            <SubjectSelect
              required
              gradeSeq={gradeSeq}
              value={field.value}
              onBlur={field.onBlur}
              onChange={(code) => field.onChange(code?.codeSeq)}
              error={fieldState.error?.message}
            />
          )}
        />
      </SimpleGrid>
      <Group gap="xl" align="flex-start">
        <Controller
          control={form.control}
          name="semester"
          render={({ field }) => (
            <Radio.Group
              label={t('lesson.semester')}
              value={String(field.value ?? defaultSemester())}
              onChange={(value) => field.onChange(Number(value))}
            >
              <Group gap="md" mt={6}>
                {[1, 2].map((semester) => (
                  <Radio
                    key={semester}
                    value={String(semester)}
                    label={t('lesson.semesterOption', { semester })}
                  />
                ))}
              </Group>
            </Radio.Group>
          )}
        />
        <Controller
          control={form.control}
          name="curriculum"
          render={({ field }) => (
            <Radio.Group
              label={t('lesson.curriculum')}
              value={String(field.value ?? defaultCurriculum(gradeSeq))}
              onChange={(value) => field.onChange(Number(value))}
            >
              <Group gap="md" mt={6}>
                {CURRICULA.map((curriculum) => (
                  <Radio
                    key={curriculum}
                    value={String(curriculum)}
                    label={t('lesson.curriculumOption', { curriculum })}
                  />
                ))}
              </Group>
            </Radio.Group>
          )}
        />
      </Group>
      <SimpleGrid cols={2} spacing="md">
        <NativeSelect
          {...form.register('language')}
          label={t('lesson.language')}
          required
          data={LESSON_LANGUAGES.map((language) => ({
            value: language,
            label: LESSON_LANGUAGE_LABELS[language],
          }))}
          error={errors.language?.message}
        />
        <NativeSelect
          {...form.register('provider')}
          label={t('lesson.provider')}
          required
          data={IMAGE_PROVIDERS.map((provider) => ({
            value: provider,
            label: t(`lesson.providers.${provider}`),
          }))}
          error={errors.provider?.message}
        />
      </SimpleGrid>
      <GrowingTextarea
        {...form.register('query')}
        label={t('lesson.query')}
        placeholder={t('lesson.queryPlaceholder')}
        minRows={3}
        required
        error={errors.query?.message}
      />
      <GrowingTextarea
        {...form.register('additionalInfo')}
        label={t('lesson.additionalInfo')}
        placeholder={t('lesson.additionalInfoPlaceholder')}
        minRows={2}
        error={errors.additionalInfo?.message}
      />
      <FormCommonSettings form={form} tool="lesson" />
    </ToolPanel>
  );
}

import '@mantine/core/styles/SegmentedControl.css';
import { Group, NativeSelect, SimpleGrid, Text, TextInput } from '@mantine/core';
import { defaultSemester } from '@ssaem/contracts/lesson';
import { CURRICULA, defaultCurriculum } from '@ssaem/contracts/reference';
import { EVALUATION_TEMPLATE_EXTENSIONS, evaluationPlanInputSchema } from '@ssaem/contracts/studio';
import { useState } from 'react';
import { Controller, type FieldError, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { GrowingTextarea } from '../../../components/growing-textarea';
import { zodResolver } from '../../../lib/zod-resolver';
import { useUsersInfo } from '../../account/api';
import { createEvaluationPlan, usePublishers } from '../api';
import { FormCommonSettings } from './common-settings';
import { FilePicker } from './file-picker';
import { GradeSelect, SubjectSelect } from './grade-subject-select';
import type { RecreatablePanelProps } from './panel-props';
import { ChoiceRadios, RecreateNotice, refillForm, useRecreateTarget } from './studio-fields';
import { ToolPanel } from './tool-panel';
import { useGeneration } from './use-generation';

type PlanFormInput = z.input<typeof evaluationPlanInputSchema>;
type PlanFormOutput = z.output<typeof evaluationPlanInputSchema>;

/** A file's name without its extension: the plan's title when the teacher left it empty. */
function baseName(name: string): string {
  return name.replace(/\.[^.]+$/, '');
}

/**
 * The evaluation plan (document-tools.md §3, §5, §9): grade, subject, semester, curriculum (the one
 * the grade follows this school year by default) and title; the standard layout with an optional textbook publisher, or the teacher's
 * own template file. With `recreateId` it makes that plan again (PUT).
 */
export function EvaluationPlanPanel(props: RecreatablePanelProps) {
  return props.opened ? <EvaluationPlanForm {...props} /> : null;
}

function EvaluationPlanForm({ onClose, recreateId, onDone }: RecreatablePanelProps) {
  const { t } = useTranslation('tools');
  const generation = useGeneration('evaluation-plan');
  const info = useUsersInfo();
  const form = useForm<PlanFormInput, unknown, PlanFormOutput>({
    resolver: zodResolver(evaluationPlanInputSchema),
    mode: 'all',
    defaultValues: {
      title: '',
      semester: defaultSemester(),
      isUserTemplate: false,
      query: '',
      publisherAuthorSeq: null,
      accessLevel: 'PUBLIC',
      editable: true,
    },
  });
  const target = useRecreateTarget('evaluation-plan', recreateId, (item) => refillForm(form, item));
  const { errors } = form.formState;
  const [template, setTemplate] = useState<File | null>(null);
  // Recreate keeps the template read the first time, until another file is chosen.
  const keptTemplate = target.item?.input?.template as
    | { fileName: string; text: string; columns: string[] }
    | undefined;
  const [rejected, setRejected] = useState(false);
  const gradeSeq = useWatch({ control: form.control, name: 'gradeSeq' });
  const subjectSeq = useWatch({ control: form.control, name: 'subjectSeq' });
  const semester = useWatch({ control: form.control, name: 'semester' }) ?? defaultSemester();
  const isUserTemplate = useWatch({ control: form.control, name: 'isUserTemplate' }) ?? false;
  const publishers = usePublishers(isUserTemplate ? null : gradeSeq, subjectSeq, semester);
  // The schema asks for the template the server reads from the upload (path `userTemplate`).
  const templateError = (errors as { userTemplate?: FieldError }).userTemplate?.message;

  const chooseTemplate = (file: File | null) => {
    setTemplate(file);
    setRejected(false);
    // The server fills `template` from the file; here it only stands for "a file is attached".
    form.setValue('template', file ? { fileName: file.name, text: '', columns: [] } : undefined, {
      shouldValidate: true,
    });
    if (file && !form.getValues('title').trim()) {
      form.setValue('title', baseName(file.name), { shouldValidate: true });
    }
  };

  const handleSubmit = form.handleSubmit((values) => {
    const { template: _placeholder, ...input } = values;
    const file = values.isUserTemplate ? template : null;
    const kept = values.isUserTemplate && !file && keptTemplate ? { template: keptTemplate } : {};
    const body = values.isUserTemplate ? { ...input, ...kept, publisherAuthorSeq: null } : input;
    const level = info.data?.schoolInfo?.levelCodeSeq;
    const payload = level ? { ...body, levelCodeSeq: body.levelCodeSeq ?? level } : body;
    return generation.run(
      () => target.send(payload, () => createEvaluationPlan(payload, file), file),
      onDone,
    );
  });

  const canSubmit =
    form.formState.isValid &&
    (!isUserTemplate || template !== null || keptTemplate !== undefined) &&
    target.ready;

  return (
    <ToolPanel
      opened
      onClose={onClose}
      title={target.isRecreate ? t('studio.recreate.title.evaluation-plan') : t('tools.evaluation-plan')}
      canSubmit={canSubmit}
      onSubmit={() => void handleSubmit()}
      isGenerating={generation.isGenerating}
      loadingMessage={t('studio.loading.evaluation-plan')}
      error={generation.error}
    >
      <RecreateNotice target={target} />
      <TextInput
        {...form.register('title')}
        label={t('fields.title')}
        placeholder={t('evaluationPlan.titlePlaceholder')}
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
                form.setValue('grade', code?.name);
                // Subjects and publishers belong to a grade: a new grade starts them over.
                form.setValue('subjectSeq', undefined as unknown as number, { shouldValidate: true });
                form.setValue('subject', undefined);
                form.setValue('publisherAuthorSeq', null);
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
              onChange={(code) => {
                field.onChange(code?.codeSeq);
                form.setValue('subject', code?.name);
                form.setValue('publisherAuthorSeq', null);
              }}
              error={fieldState.error?.message}
            />
          )}
        />
      </SimpleGrid>
      <Group gap="xl" align="flex-start">
        <Controller
          control={form.control}
          name="semester"
          render={({ field, fieldState }) => (
            <ChoiceRadios
              label={t('lesson.semester')}
              required
              options={[1, 2].map((value) => ({
                value: String(value),
                label: t('lesson.semesterOption', { semester: value }),
              }))}
              value={field.value ? String(field.value) : undefined}
              onChange={(value) => field.onChange(Number(value))}
              error={fieldState.error?.message}
            />
          )}
        />
        <Controller
          control={form.control}
          name="curriculum"
          render={({ field }) => (
            <ChoiceRadios
              label={t('lesson.curriculum')}
              options={CURRICULA.map((curriculum) => ({
                value: String(curriculum),
                label: t('lesson.curriculumOption', { curriculum }),
              }))}
              value={String(field.value ?? defaultCurriculum(gradeSeq))}
              onChange={(value) => field.onChange(Number(value))}
            />
          )}
        />
      </Group>
      <Controller
        control={form.control}
        name="isUserTemplate"
        render={({ field }) => (
          <ChoiceRadios
            label={t('evaluationPlan.layout')}
            options={[
              { value: 'STANDARD', label: t('evaluationPlan.layouts.STANDARD') },
              { value: 'USER', label: t('evaluationPlan.layouts.USER') },
            ]}
            value={field.value ? 'USER' : 'STANDARD'}
            onChange={(value) => {
              field.onChange(value === 'USER');
              void form.trigger();
            }}
          />
        )}
      />
      {isUserTemplate ? (
        <>
          <FilePicker
            label={t('evaluationPlan.template')}
            accept={EVALUATION_TEMPLATE_EXTENSIONS}
            files={template ? [template] : []}
            onChange={(files) => chooseTemplate(files[0] ?? null)}
            onRejected={(names) => setRejected(names.length > 0)}
            error={rejected ? t('evaluationPlan.templateRejected') : templateError}
          />
          {keptTemplate && !template ? (
            <Text size="sm" c="dimmed">
              {t('evaluationPlan.keptTemplate', { name: keptTemplate.fileName })}
            </Text>
          ) : null}
        </>
      ) : (
        <Controller
          control={form.control}
          name="publisherAuthorSeq"
          render={({ field }) => (
            <NativeSelect
              label={t('evaluationPlan.publisher')}
              disabled={!gradeSeq}
              data={[
                { value: '', label: t('evaluationPlan.publisherNone') },
                ...(publishers.data ?? []).map((publisher) => ({
                  value: String(publisher.seq),
                  label: publisher.author ? `${publisher.name} (${publisher.author})` : publisher.name,
                })),
              ]}
              value={field.value ? String(field.value) : ''}
              onChange={(event) => field.onChange(Number(event.currentTarget.value) || null)}
            />
          )}
        />
      )}
      <GrowingTextarea
        {...form.register('query')}
        label={t('evaluationPlan.query')}
        placeholder={t('evaluationPlan.queryPlaceholder')}
        minRows={2}
        error={errors.query?.message}
      />
      <FormCommonSettings
        form={form}
        tool={target.isRecreate ? undefined : 'evaluation-plan'}
        readOnly={target.isRecreate && target.item?.abilities.changeSettings !== true}
      />
    </ToolPanel>
  );
}

import { Button, Group, NativeSelect, TextInput } from '@mantine/core';
import {
  counselParentRecordInputSchema,
  PARENT_RELATION_LABELS,
  PARENT_RELATIONS,
  type ParentRelation,
} from '@ssaem/contracts/counselling';
import { PRIVATE_SHARING } from '@ssaem/contracts/sharing-defaults';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { GrowingTextarea } from '../../../components/growing-textarea';
import { zodResolver } from '../../../lib/zod-resolver';
import { createStudioDocument } from '../api';
import { FormCommonSettings } from './common-settings';
import { COUNSEL_SUBJECT_OPTIONS } from './counsel-student-panel';
import type { RecreatablePanelProps, SwitchablePanelProps } from './panel-props';
import {
  ChoiceCheckboxes,
  GenderRadios,
  RecreateNotice,
  refillForm,
  useRecreateTarget,
} from './studio-fields';
import { ToolPanel } from './tool-panel';
import { useGeneration } from './use-generation';

type ParentFormInput = z.input<typeof counselParentRecordInputSchema>;
type ParentFormOutput = z.output<typeof counselParentRecordInputSchema>;

/** The relation select (document-tools.md §9: mother, father, grandparents, agency, other). */
export function RelationSelect(props: {
  value: ParentRelation | undefined;
  onChange: (value: ParentRelation | undefined) => void;
  onBlur?: () => void;
  error?: string | undefined;
}) {
  const { t } = useTranslation('tools');
  return (
    <NativeSelect
      label={t('counsel.relation')}
      required
      data={[
        { value: '', label: t('counsel.relationPlaceholder') },
        ...PARENT_RELATIONS.map((relation) => ({ value: relation, label: PARENT_RELATION_LABELS[relation] })),
      ]}
      value={props.value ?? ''}
      onChange={(event) =>
        props.onChange((event.currentTarget.value || undefined) as ParentRelation | undefined)
      }
      onBlur={props.onBlur}
      error={props.error}
    />
  );
}

/**
 * The parent counselling record (document-tools.md §3, §5): the student form plus the relation and
 * the parent's opinion; the plan is optional. Private by default. With `recreateId` it makes that
 * record again (PUT) from the form it was made from.
 */
export function CounselParentPanel(props: SwitchablePanelProps & RecreatablePanelProps) {
  return props.opened ? <CounselParentForm {...props} /> : null;
}

function CounselParentForm({
  onClose,
  onSwitch,
  recreateId,
  onDone,
}: SwitchablePanelProps & RecreatablePanelProps) {
  const { t } = useTranslation('tools');
  const generation = useGeneration('counsel-parent-record');
  const form = useForm<ParentFormInput, unknown, ParentFormOutput>({
    resolver: zodResolver(counselParentRecordInputSchema),
    mode: 'all',
    defaultValues: {
      sheet: false,
      title: '',
      studentName: '',
      counselSubject: [],
      topic: '',
      parentOpinion: '',
      teacherIntervention: '',
      futurePlan: '',
      requestContent: '',
      ...PRIVATE_SHARING,
    },
  });
  const target = useRecreateTarget('counsel-parent-record', recreateId, (item) => refillForm(form, item));
  const { errors } = form.formState;
  const canSubmit = form.formState.isValid && target.ready;

  const handleSubmit = form.handleSubmit((values) => {
    const input = { ...values, sheet: false, counselSubject: values.counselSubject.join(',') };
    return generation.run(
      () => target.send(input, () => createStudioDocument('COUNSEL_PARENT', input)),
      onDone,
    );
  });

  return (
    <ToolPanel
      opened
      onClose={onClose}
      title={
        target.isRecreate
          ? t('studio.recreate.title.counsel-parent-record')
          : t('tools.counsel-parent-record')
      }
      canSubmit={canSubmit}
      onSubmit={() => void handleSubmit()}
      isGenerating={generation.isGenerating}
      loadingMessage={t('studio.loading.counsel-parent-record')}
      error={generation.error}
    >
      <RecreateNotice target={target} />
      {onSwitch && !target.isRecreate ? (
        <Group justify="flex-end">
          <Button variant="subtle" size="xs" onClick={onSwitch} disabled={generation.isGenerating}>
            {t('counsel.toSheet')}
          </Button>
        </Group>
      ) : null}
      <TextInput
        {...form.register('title')}
        label={t('fields.title')}
        placeholder={t('counsel.parentTitlePlaceholder')}
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
        name="relation"
        render={({ field, fieldState }) => (
          <RelationSelect
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            error={fieldState.error?.message}
          />
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
        {...form.register('parentOpinion')}
        label={t('counsel.parentOpinion')}
        minRows={2}
        required
        error={errors.parentOpinion?.message}
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
        label={t('counsel.futurePlanOptional')}
        minRows={2}
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
        tool={target.isRecreate ? undefined : 'counsel-parent'}
        readOnly={target.isRecreate}
      />
    </ToolPanel>
  );
}

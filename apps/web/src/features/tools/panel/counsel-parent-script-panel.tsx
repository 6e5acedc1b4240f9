import { NativeSelect, SimpleGrid, TextInput } from '@mantine/core';
import {
  counselParentScriptInputSchema,
  SCENARIO_DEFAULT_DURATION,
  SCENARIO_DURATIONS,
  SCENARIO_SCHOOL_LEVEL_LABELS,
  SCENARIO_SCHOOL_LEVELS,
  SCENARIO_TOPIC_LABELS,
  type ScenarioSchoolLevel,
  scenarioTopicsFor,
} from '@ssaem/contracts/counselling';
import { PRIVATE_SHARING } from '@ssaem/contracts/sharing-defaults';
import { useEffect } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { GrowingTextarea } from '../../../components/growing-textarea';
import { zodResolver } from '../../../lib/zod-resolver';
import { useUsersInfo } from '../../account/api';
import { createStudioDocument } from '../api';
import { FormCommonSettings } from './common-settings';
import type { RecreatablePanelProps } from './panel-props';
import { ChoiceCheckboxes, RecreateNotice, refillForm, useRecreateTarget } from './studio-fields';
import { ToolPanel } from './tool-panel';
import { useGeneration } from './use-generation';

type ScriptFormInput = z.input<typeof counselParentScriptInputSchema>;
type ScriptFormOutput = z.output<typeof counselParentScriptInputSchema>;

/** The school's level name (초등학교, 중학교, 고등학교, …) as a scenario level. */
export function scenarioLevelOf(name: string | null | undefined): ScenarioSchoolLevel {
  const level = name?.trim() ?? '';
  if (level === '' || level.startsWith('초')) return 'ELEMENTARY';
  if (level.startsWith('중')) return 'MIDDLE';
  if (level.startsWith('고')) return 'HIGH';
  return 'OTHER';
}

function isLevel(value: unknown): value is ScenarioSchoolLevel {
  return (SCENARIO_SCHOOL_LEVELS as readonly unknown[]).includes(value);
}

/**
 * The parent counselling scenario (document-tools.md §3, §5, §9): title, meeting length (10–60
 * minutes, 20 by default) and at least one topic from the school level's list. With `recreateId`
 * it makes that scenario again (PUT), its settings hidden.
 */
export function CounselParentScriptPanel(props: RecreatablePanelProps) {
  return props.opened ? <CounselParentScriptForm {...props} /> : null;
}

function CounselParentScriptForm({ onClose, recreateId, onDone }: RecreatablePanelProps) {
  const { t } = useTranslation('tools');
  const generation = useGeneration('counsel-parent-script');
  const info = useUsersInfo();
  const form = useForm<ScriptFormInput, unknown, ScriptFormOutput>({
    resolver: zodResolver(counselParentScriptInputSchema),
    mode: 'all',
    defaultValues: {
      title: '',
      schoolLevel: 'ELEMENTARY',
      season: SCENARIO_DEFAULT_DURATION,
      topic: [],
      requestContent: '',
      isUseUserTemplate: false,
      ...PRIVATE_SHARING,
    },
  });
  const target = useRecreateTarget('counsel-parent-script', recreateId, (item) => refillForm(form, item));
  const { errors } = form.formState;
  const schoolLevel = useWatch({ control: form.control, name: 'schoolLevel' });
  const level = isLevel(schoolLevel) ? schoolLevel : 'ELEMENTARY';

  // The teacher's own school decides the level the form starts with, until she picks another.
  const schoolLevelName = info.data?.schoolInfo?.level;
  useEffect(() => {
    if (!schoolLevelName || form.getFieldState('schoolLevel').isDirty) return;
    form.setValue('schoolLevel', scenarioLevelOf(schoolLevelName));
  }, [schoolLevelName, form]);

  const changeLevel = (next: ScenarioSchoolLevel) => {
    form.setValue('schoolLevel', next, { shouldDirty: true });
    // Topics belong to a level: keep only those the new level offers.
    const offered = scenarioTopicsFor(next) as readonly string[];
    const chosen = form.getValues('topic');
    const kept = Array.isArray(chosen) ? chosen.filter((topic) => offered.includes(String(topic))) : [];
    form.setValue('topic', kept, {
      shouldValidate: kept.length > 0 || form.getFieldState('topic').isTouched,
    });
  };

  const handleSubmit = form.handleSubmit((values) => {
    const input = { ...values, topic: values.topic.join(',') };
    return generation.run(
      () => target.send(input, () => createStudioDocument('COUNSEL_PARENT_SCRIPT', input)),
      onDone,
    );
  });

  const canSubmit = form.formState.isValid && target.ready;

  return (
    <ToolPanel
      opened
      onClose={onClose}
      title={
        target.isRecreate
          ? t('studio.recreate.title.counsel-parent-script')
          : t('tools.counsel-parent-script')
      }
      canSubmit={canSubmit}
      onSubmit={() => void handleSubmit()}
      isGenerating={generation.isGenerating}
      loadingMessage={t('studio.loading.counsel-parent-script')}
      error={generation.error}
    >
      <RecreateNotice target={target} />
      <TextInput
        {...form.register('title')}
        label={t('fields.title')}
        placeholder={t('scenario.titlePlaceholder')}
        required
        error={errors.title?.message}
      />
      <SimpleGrid cols={2} spacing="md">
        <NativeSelect
          label={t('scenario.schoolLevel')}
          required
          data={SCENARIO_SCHOOL_LEVELS.map((value) => ({
            value,
            label: SCENARIO_SCHOOL_LEVEL_LABELS[value],
          }))}
          value={level}
          onChange={(event) => changeLevel(event.currentTarget.value as ScenarioSchoolLevel)}
        />
        <Controller
          control={form.control}
          name="season"
          render={({ field, fieldState }) => (
            <NativeSelect
              label={t('scenario.duration')}
              required
              data={SCENARIO_DURATIONS.map((minutes) => ({
                value: String(minutes),
                label: t('scenario.minutes', { minutes }),
              }))}
              value={String(field.value ?? SCENARIO_DEFAULT_DURATION)}
              onChange={(event) => field.onChange(Number(event.currentTarget.value))}
              error={fieldState.error?.message}
            />
          )}
        />
      </SimpleGrid>
      <Controller
        control={form.control}
        name="topic"
        render={({ field, fieldState }) => (
          <ChoiceCheckboxes
            label={t('scenario.topics')}
            required
            options={scenarioTopicsFor(level).map((topic) => ({
              value: topic,
              label: SCENARIO_TOPIC_LABELS[topic],
            }))}
            value={Array.isArray(field.value) ? (field.value as string[]) : []}
            onChange={field.onChange}
            onBlur={field.onBlur}
            error={fieldState.error?.message}
          />
        )}
      />
      <GrowingTextarea
        {...form.register('requestContent')}
        label={t('studio.request')}
        placeholder={t('scenario.requestPlaceholder')}
        minRows={2}
        error={errors.requestContent?.message}
      />
      {target.isRecreate ? null : <FormCommonSettings form={form} tool="counsel-parent-script" />}
    </ToolPanel>
  );
}

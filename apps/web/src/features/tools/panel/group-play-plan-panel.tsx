import { TextInput } from '@mantine/core';
import {
  groupPlayPlanInputSchema,
  PLAY_GRADE_BAND_LABELS,
  PLAY_GRADE_BANDS,
  PLAY_PERIOD_LABELS,
  PLAY_PERIODS,
  PLAY_SITUATION_LABELS,
  PLAY_SITUATIONS,
} from '@ssaem/contracts/play';
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
  ChoiceRadios,
  RecreateNotice,
  refillForm,
  useRecreateTarget,
} from './studio-fields';
import { ToolPanel } from './tool-panel';
import { useGeneration } from './use-generation';

type PlayPlanFormInput = z.input<typeof groupPlayPlanInputSchema>;
type PlayPlanFormOutput = z.output<typeof groupPlayPlanInputSchema>;

/**
 * The cooperative-play plan (document-tools.md §3, §5, §9): title, grade band, period, situations.
 * With `recreateId` it makes that plan again (PUT) from the form it was made from.
 */
export function GroupPlayPlanPanel(props: RecreatablePanelProps) {
  return props.opened ? <GroupPlayPlanForm {...props} /> : null;
}

function GroupPlayPlanForm({ onClose, recreateId, onDone }: RecreatablePanelProps) {
  const { t } = useTranslation('tools');
  const generation = useGeneration('group-play-plan');
  const form = useForm<PlayPlanFormInput, unknown, PlayPlanFormOutput>({
    resolver: zodResolver(groupPlayPlanInputSchema),
    mode: 'all',
    defaultValues: { title: '', topic: [], requestContent: '', accessLevel: 'PUBLIC', editable: true },
  });
  const target = useRecreateTarget('group-play-plan', recreateId, (item) => refillForm(form, item));
  const { errors } = form.formState;
  const canSubmit = form.formState.isValid && target.ready;

  const handleSubmit = form.handleSubmit((values) => {
    // The situations are sent joined by comma (document-tools.md §3).
    const input = { ...values, topic: values.topic.join(',') };
    return generation.run(
      () => target.send(input, () => createStudioDocument('GROUP_PLAY_PLAN', input)),
      onDone,
    );
  });

  return (
    <ToolPanel
      opened
      onClose={onClose}
      title={target.isRecreate ? t('studio.recreate.title.group-play-plan') : t('tools.group-play-plan')}
      canSubmit={canSubmit}
      onSubmit={() => void handleSubmit()}
      isGenerating={generation.isGenerating}
      loadingMessage={t('studio.loading.group-play-plan')}
      error={generation.error}
    >
      <RecreateNotice target={target} />
      <TextInput
        {...form.register('title')}
        label={t('fields.title')}
        placeholder={t('play.planTitlePlaceholder')}
        required
        error={errors.title?.message}
      />
      <Controller
        control={form.control}
        name="grade"
        render={({ field, fieldState }) => (
          <ChoiceRadios
            label={t('play.gradeBand')}
            required
            options={PLAY_GRADE_BANDS.map((band) => ({ value: band, label: PLAY_GRADE_BAND_LABELS[band] }))}
            value={field.value}
            onChange={field.onChange}
            error={fieldState.error?.message}
          />
        )}
      />
      <Controller
        control={form.control}
        name="season"
        render={({ field, fieldState }) => (
          <ChoiceRadios
            label={t('play.period')}
            required
            options={PLAY_PERIODS.map((period) => ({ value: period, label: PLAY_PERIOD_LABELS[period] }))}
            value={field.value}
            onChange={field.onChange}
            error={fieldState.error?.message}
          />
        )}
      />
      <Controller
        control={form.control}
        name="topic"
        render={({ field, fieldState }) => (
          <ChoiceCheckboxes
            label={t('play.situations')}
            required
            options={PLAY_SITUATIONS.map((situation) => ({
              value: situation,
              label: PLAY_SITUATION_LABELS[situation],
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
        placeholder={t('play.requestPlaceholder')}
        minRows={2}
        error={errors.requestContent?.message}
      />
      <FormCommonSettings
        form={form}
        tool={target.isRecreate ? undefined : 'group-play-plan'}
        readOnly={target.isRecreate}
      />
    </ToolPanel>
  );
}

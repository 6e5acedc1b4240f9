import { TextInput } from '@mantine/core';
import {
  groupPlayLessonPlanInputSchema,
  PLAY_GRADE_BAND_LABELS,
  PLAY_GRADE_BANDS,
} from '@ssaem/contracts/play';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { GrowingTextarea } from '../../../components/growing-textarea';
import { zodResolver } from '../../../lib/zod-resolver';
import { createStudioDocument } from '../api';
import { FormCommonSettings } from './common-settings';
import type { RecreatablePanelProps } from './panel-props';
import { ChoiceRadios, RecreateNotice, refillForm, useRecreateTarget } from './studio-fields';
import { ToolPanel } from './tool-panel';
import { useGeneration } from './use-generation';

type PlayLessonFormInput = z.input<typeof groupPlayLessonPlanInputSchema>;
type PlayLessonFormOutput = z.output<typeof groupPlayLessonPlanInputSchema>;

/**
 * The play lesson plan (document-tools.md §3, §5): title, grade band and the play's name. With
 * `recreateId` it makes that lesson plan again (PUT) from the form it was made from.
 */
export function GroupPlayLessonPlanPanel(props: RecreatablePanelProps) {
  return props.opened ? <GroupPlayLessonPlanForm {...props} /> : null;
}

function GroupPlayLessonPlanForm({ onClose, recreateId, onDone }: RecreatablePanelProps) {
  const { t } = useTranslation('tools');
  const generation = useGeneration('group-play-lesson-plan');
  const form = useForm<PlayLessonFormInput, unknown, PlayLessonFormOutput>({
    resolver: zodResolver(groupPlayLessonPlanInputSchema),
    mode: 'all',
    defaultValues: { title: '', topic: '', requestContent: '', accessLevel: 'PUBLIC', editable: true },
  });
  const target = useRecreateTarget('group-play-lesson-plan', recreateId, (item) => refillForm(form, item));
  const { errors } = form.formState;
  const canSubmit = form.formState.isValid && target.ready;

  const handleSubmit = form.handleSubmit((values) =>
    generation.run(
      () => target.send(values, () => createStudioDocument('GROUP_PLAY_LESSON_PLAN', values)),
      onDone,
    ),
  );

  return (
    <ToolPanel
      opened
      onClose={onClose}
      title={
        target.isRecreate
          ? t('studio.recreate.title.group-play-lesson-plan')
          : t('tools.group-play-lesson-plan')
      }
      canSubmit={canSubmit}
      onSubmit={() => void handleSubmit()}
      isGenerating={generation.isGenerating}
      loadingMessage={t('studio.loading.group-play-lesson-plan')}
      error={generation.error}
    >
      <RecreateNotice target={target} />
      <TextInput
        {...form.register('title')}
        label={t('fields.title')}
        placeholder={t('play.lessonTitlePlaceholder')}
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
      <TextInput
        {...form.register('topic')}
        label={t('play.playName')}
        placeholder={t('play.playNamePlaceholder')}
        required
        error={errors.topic?.message}
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
        tool={target.isRecreate ? undefined : 'group-play-lesson-plan'}
        readOnly={target.isRecreate}
      />
    </ToolPanel>
  );
}

import { Button, Group, TextInput } from '@mantine/core';
import { COUNSEL_PARENT_SHEET_TITLE, counselParentSheetInputSchema } from '@ssaem/contracts/counselling';
import { PRIVATE_SHARING } from '@ssaem/contracts/sharing-defaults';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { GrowingTextarea } from '../../../components/growing-textarea';
import { zodResolver } from '../../../lib/zod-resolver';
import { createStudioDocument } from '../api';
import { FormCommonSettings } from './common-settings';
import { RelationSelect } from './counsel-parent-panel';
import type { RecreatablePanelProps, SwitchablePanelProps } from './panel-props';
import { GenderRadios, RecreateNotice, refillForm, useRecreateTarget } from './studio-fields';
import { ToolPanel } from './tool-panel';
import { useGeneration } from './use-generation';

type SheetFormInput = z.input<typeof counselParentSheetInputSchema>;
type SheetFormOutput = z.output<typeof counselParentSheetInputSchema>;

/**
 * The parent counselling record sheet (학부모 상담 기록지, document-tools.md §2, §3, §5), the panel
 * "titled for automatic generation": student, gender, relationship, topic and three summaries; the
 * AI request and the title are optional (an empty title becomes 학부모 상담 기록지). Private by default.
 * With `recreateId` it makes that sheet again (PUT) from the form it was made from.
 */
export function CounselParentSheetPanel(props: SwitchablePanelProps & RecreatablePanelProps) {
  return props.opened ? <CounselParentSheetForm {...props} /> : null;
}

function CounselParentSheetForm({
  onClose,
  onSwitch,
  recreateId,
  onDone,
}: SwitchablePanelProps & RecreatablePanelProps) {
  const { t } = useTranslation('tools');
  const generation = useGeneration('counsel-parent');
  const form = useForm<SheetFormInput, unknown, SheetFormOutput>({
    resolver: zodResolver(counselParentSheetInputSchema),
    mode: 'all',
    defaultValues: {
      sheet: true,
      title: '',
      studentName: '',
      topic: '',
      counselSummary: '',
      parentOpinion: '',
      teacherObservation: '',
      requestContent: '',
      ...PRIVATE_SHARING,
    },
  });
  const target = useRecreateTarget('counsel-parent', recreateId, (item) => refillForm(form, item));
  const { errors } = form.formState;
  const canSubmit = form.formState.isValid && target.ready;

  const handleSubmit = form.handleSubmit((values) => {
    const input = { ...values, sheet: true };
    return generation.run(
      () => target.send(input, () => createStudioDocument('COUNSEL_PARENT', input)),
      onDone,
    );
  });

  return (
    <ToolPanel
      opened
      onClose={onClose}
      title={target.isRecreate ? t('studio.recreate.title.counsel-parent') : t('tools.counsel-parent')}
      canSubmit={canSubmit}
      onSubmit={() => void handleSubmit()}
      isGenerating={generation.isGenerating}
      loadingMessage={t('studio.loading.counsel-parent')}
      error={generation.error}
    >
      <RecreateNotice target={target} />
      {onSwitch && !target.isRecreate ? (
        <Group justify="flex-end">
          <Button variant="subtle" size="xs" onClick={onSwitch} disabled={generation.isGenerating}>
            {t('counsel.toRecord')}
          </Button>
        </Group>
      ) : null}
      <TextInput
        {...form.register('title')}
        label={t('fields.title')}
        placeholder={COUNSEL_PARENT_SHEET_TITLE}
        description={t('counsel.sheetTitleHint')}
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
      <TextInput
        {...form.register('topic')}
        label={t('counsel.sheetTopic')}
        required
        error={errors.topic?.message}
      />
      <GrowingTextarea
        {...form.register('counselSummary')}
        label={t('counsel.summary')}
        minRows={3}
        required
        error={errors.counselSummary?.message}
      />
      <GrowingTextarea
        {...form.register('parentOpinion')}
        label={t('counsel.parentOpinion')}
        minRows={2}
        required
        error={errors.parentOpinion?.message}
      />
      <GrowingTextarea
        {...form.register('teacherObservation')}
        label={t('counsel.observation')}
        minRows={2}
        required
        error={errors.teacherObservation?.message}
      />
      <GrowingTextarea
        {...form.register('requestContent')}
        label={t('counsel.aiRequest')}
        placeholder={t('counsel.requestPlaceholder')}
        minRows={2}
        error={errors.requestContent?.message}
      />
      <FormCommonSettings
        form={form}
        tool={target.isRecreate ? undefined : 'counsel-parent-sheet'}
        readOnly={target.isRecreate}
      />
    </ToolPanel>
  );
}

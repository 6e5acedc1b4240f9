import { TextInput } from '@mantine/core';
import { PARENT_LETTER_TYPES, parentLetterInputSchema } from '@ssaem/contracts/studio';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { GrowingTextarea } from '../../../components/growing-textarea';
import { zodResolver } from '../../../lib/zod-resolver';
import { createParentLetter } from '../api';
import { FormCommonSettings } from './common-settings';
import { GradeSelect } from './grade-subject-select';
import type { RecreatablePanelProps } from './panel-props';
import { ChoiceRadios, RecreateNotice, refillForm, useRecreateTarget } from './studio-fields';
import { ToolPanel } from './tool-panel';
import { useGeneration } from './use-generation';

type LetterFormInput = z.input<typeof parentLetterInputSchema>;
type LetterFormOutput = z.output<typeof parentLetterInputSchema>;

/**
 * The parent letter (가정통신문, document-tools.md §3, §5): an application letter (with a reply
 * slip) or a notice; title and topic required. With `recreateId` it makes that letter again (PUT).
 */
export function ParentLetterPanel(props: RecreatablePanelProps) {
  return props.opened ? <ParentLetterForm {...props} /> : null;
}

function ParentLetterForm({ onClose, recreateId, onDone }: RecreatablePanelProps) {
  const { t } = useTranslation('tools');
  const generation = useGeneration('parent-letter');
  const form = useForm<LetterFormInput, unknown, LetterFormOutput>({
    resolver: zodResolver(parentLetterInputSchema),
    mode: 'all',
    defaultValues: {
      title: '',
      topic: '',
      additionalInfo: '',
      documentType: 'APPLY',
      isUseUserTemplate: false,
      gradeSeq: null,
      accessLevel: 'PUBLIC',
      editable: true,
    },
  });
  const target = useRecreateTarget('parent-letter', recreateId, (item) => refillForm(form, item));
  const { errors } = form.formState;
  const canSubmit = form.formState.isValid && target.ready;

  const handleSubmit = form.handleSubmit((values) =>
    generation.run(() => target.send(values, () => createParentLetter(values)), onDone),
  );

  return (
    <ToolPanel
      opened
      onClose={onClose}
      title={target.isRecreate ? t('studio.recreate.title.parent-letter') : t('tools.parent-letter')}
      canSubmit={canSubmit}
      onSubmit={() => void handleSubmit()}
      isGenerating={generation.isGenerating}
      loadingMessage={t('studio.loading.parent-letter')}
      error={generation.error}
    >
      <RecreateNotice target={target} />
      <Controller
        control={form.control}
        name="documentType"
        render={({ field, fieldState }) => (
          <ChoiceRadios
            label={t('parentLetter.type')}
            required
            options={PARENT_LETTER_TYPES.map((type) => ({
              value: type,
              label: t(`parentLetter.types.${type}`),
            }))}
            value={field.value}
            onChange={field.onChange}
            error={fieldState.error?.message}
          />
        )}
      />
      <TextInput
        {...form.register('title')}
        label={t('fields.title')}
        placeholder={t('parentLetter.titlePlaceholder')}
        required
        error={errors.title?.message}
      />
      <GrowingTextarea
        {...form.register('topic')}
        label={t('parentLetter.topic')}
        placeholder={t('parentLetter.topicPlaceholder')}
        minRows={2}
        required
        error={errors.topic?.message}
      />
      <GrowingTextarea
        {...form.register('additionalInfo')}
        label={t('parentLetter.additionalInfo')}
        placeholder={t('parentLetter.additionalInfoPlaceholder')}
        minRows={3}
        error={errors.additionalInfo?.message}
      />
      <Controller
        control={form.control}
        name="gradeSeq"
        render={({ field }) => (
          <GradeSelect value={field.value} onChange={(code) => field.onChange(code?.codeSeq ?? null)} />
        )}
      />
      <FormCommonSettings
        form={form}
        tool={target.isRecreate ? undefined : 'parent-letter'}
        readOnly={target.isRecreate && target.item?.abilities.changeSettings !== true}
      />
    </ToolPanel>
  );
}

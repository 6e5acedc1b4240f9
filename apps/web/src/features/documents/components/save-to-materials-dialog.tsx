import { Button, Group, Modal, Radio, Stack, Switch, Text, TextInput } from '@mantine/core';
import { libraryDocumentCreateSchema } from '@ssaem/contracts/documents';
import { VISIBILITIES, type Visibility } from '@ssaem/contracts/library';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { apiErrorMessage } from '../../../lib/api-error-message';
import { zodResolver } from '../../../lib/zod-resolver';

/** The create request's own rules for the fields the teacher fills in. */
const saveFormSchema = libraryDocumentCreateSchema.pick({ title: true, accessLevel: true, editable: true });
type SaveFormInput = z.input<typeof saveFormSchema>;
export type SaveFormValues = z.output<typeof saveFormSchema>;

interface SaveToMaterialsDialogProps {
  opened: boolean;
  defaultTitle: string;
  onClose: () => void;
  onSave: (values: SaveFormValues) => Promise<unknown>;
}

/** Title, visibility and editability of a new document in My Materials. */
export function SaveToMaterialsDialog({ opened, defaultTitle, onClose, onSave }: SaveToMaterialsDialogProps) {
  const { t } = useTranslation('documents');
  const { t: tl } = useTranslation('library');
  const { t: tc } = useTranslation();
  const form = useForm<SaveFormInput, unknown, SaveFormValues>({
    resolver: zodResolver(saveFormSchema),
    values: { title: defaultTitle, accessLevel: 'PRIVATE', editable: true },
    resetOptions: { keepDirtyValues: true },
  });

  const handleSubmit = form.handleSubmit(async (values) => {
    try {
      await onSave(values);
    } catch (error) {
      form.setError('root', { message: apiErrorMessage(error, tc) });
    }
  });

  return (
    <Modal opened={opened} onClose={onClose} title={t('saveDialog.title')}>
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="md">
          <TextInput
            label={t('saveDialog.name')}
            required
            data-autofocus
            {...form.register('title')}
            error={form.formState.errors.title?.message}
          />
          <Controller
            control={form.control}
            name="accessLevel"
            render={({ field }) => (
              <Radio.Group
                label={t('saveDialog.visibility')}
                value={field.value ?? 'PRIVATE'}
                onChange={(value) => field.onChange(value as Visibility)}
              >
                <Group gap="md" mt="xs">
                  {VISIBILITIES.map((value) => (
                    <Radio key={value} value={value} label={tl(`visibility.${value}`)} />
                  ))}
                </Group>
              </Radio.Group>
            )}
          />
          <Controller
            control={form.control}
            name="editable"
            render={({ field }) => (
              <Switch
                label={t('saveDialog.editable')}
                checked={field.value ?? true}
                onChange={(event) => field.onChange(event.currentTarget.checked)}
              />
            )}
          />
          {form.formState.errors.root?.message ? (
            <Text c="red" size="sm" role="alert">
              {form.formState.errors.root.message}
            </Text>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('saveDialog.cancel')}
            </Button>
            <Button type="submit" loading={form.formState.isSubmitting}>
              {t('saveDialog.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

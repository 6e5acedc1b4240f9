import { Alert, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { folderRenameSchema } from '@ssaem/contracts/library';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { apiErrorMessage } from '../../../lib/api-error-message';
import { zodResolver } from '../../../lib/zod-resolver';

type NameInput = z.input<typeof folderRenameSchema>;
type NameOutput = z.output<typeof folderRenameSchema>;

interface FolderNameModalProps {
  opened: boolean;
  title: string;
  submitLabel: string;
  initialName?: string;
  /** A line under the field, e.g. which folder the new one goes into. */
  description?: string | undefined;
  onClose: () => void;
  onSubmit: (name: string) => Promise<unknown>;
}

/** Asks for a folder name, checked by the server's own schema (1 to 50 characters). */
export function FolderNameModal(props: FolderNameModalProps) {
  return (
    <Modal opened={props.opened} onClose={props.onClose} title={props.title}>
      {props.opened ? <FolderNameForm {...props} /> : null}
    </Modal>
  );
}

function FolderNameForm({ submitLabel, initialName, description, onClose, onSubmit }: FolderNameModalProps) {
  const { t } = useTranslation('library');
  const { t: tc } = useTranslation();
  const form = useForm<NameInput, unknown, NameOutput>({
    resolver: zodResolver(folderRenameSchema),
    defaultValues: { name: initialName ?? '' },
  });
  const nameError = form.formState.errors.name;
  const errorText = nameError
    ? nameError.type === 'too_big'
      ? t('folders.errors.tooLong')
      : t('folders.errors.required')
    : undefined;

  const handleSubmit = form.handleSubmit(async ({ name }) => {
    try {
      await onSubmit(name);
      onClose();
    } catch (error) {
      form.setError('root', { message: apiErrorMessage(error, tc) });
    }
  });

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack>
        <TextInput
          {...form.register('name')}
          label={t('folders.name')}
          error={errorText}
          maxLength={60}
          data-autofocus
          autoComplete="off"
        />
        {description ? (
          <Text size="sm" c="dimmed">
            {description}
          </Text>
        ) : null}
        {form.formState.errors.root ? (
          <Alert color="red" variant="light" role="alert">
            {form.formState.errors.root.message}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('folders.cancel')}
          </Button>
          <Button type="submit" loading={form.formState.isSubmitting}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

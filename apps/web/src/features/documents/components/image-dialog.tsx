import { Button, FileButton, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Pictures travel inside the document (data URLs); keep them small enough to save and export. */
const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
}

interface ImageDialogProps {
  opened: boolean;
  onClose: () => void;
  onInsert: (src: string, alt: string) => void;
}

/** An image by address or from a file on this computer. */
export function ImageDialog({ opened, onClose, onInsert }: ImageDialogProps) {
  const { t } = useTranslation('documents');
  const [url, setUrl] = useState('');
  const [alt, setAlt] = useState('');
  const [error, setError] = useState<string | null>(null);

  const reset = () => {
    setUrl('');
    setAlt('');
    setError(null);
  };

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!/^https?:\/\/\S+$/i.test(url.trim())) {
      setError(t('image.invalidUrl'));
      return;
    }
    onInsert(url.trim(), alt.trim());
    reset();
  };

  const handleFile = async (file: File | null) => {
    if (!file) return;
    if (!file.type.startsWith('image/')) return setError(t('image.notImage'));
    if (file.size > MAX_IMAGE_BYTES) return setError(t('image.tooLarge'));
    try {
      onInsert(await readAsDataUrl(file), alt.trim() || file.name);
      reset();
    } catch {
      setError(t('image.readFailed'));
    }
  };

  return (
    <Modal
      opened={opened}
      onClose={() => {
        reset();
        onClose();
      }}
      title={t('image.title')}
    >
      <form onSubmit={handleSubmit}>
        <Stack gap="sm">
          <TextInput
            label={t('image.url')}
            placeholder="https://"
            value={url}
            onChange={(event) => setUrl(event.currentTarget.value)}
          />
          <TextInput
            label={t('image.alt')}
            value={alt}
            onChange={(event) => setAlt(event.currentTarget.value)}
          />
          {error ? (
            <Text c="red" size="sm" role="alert">
              {error}
            </Text>
          ) : null}
          <Group justify="space-between">
            <FileButton onChange={(file) => void handleFile(file)} accept="image/png,image/jpeg,image/gif">
              {(props) => (
                <Button variant="default" {...props}>
                  {t('image.file')}
                </Button>
              )}
            </FileButton>
            <Button type="submit">{t('image.insert')}</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

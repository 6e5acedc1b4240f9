import '@mantine/core/styles/ActionIcon.css';
import { ActionIcon, Button, Group, Input, Stack, Text } from '@mantine/core';
import { IconFile, IconUpload, IconX } from '@tabler/icons-react';
import { type ChangeEvent, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';

/** The extension of a file name, lower-case, or '' when it has none. */
export function extensionOf(name: string): string {
  return name.includes('.') ? (name.split('.').pop()?.toLowerCase() ?? '') : '';
}

export function hasAllowedExtension(name: string, allowed: readonly string[]): boolean {
  return allowed.includes(extensionOf(name));
}

/** The same file picked twice is kept once. */
function fileKey(file: File): string {
  return `${file.name}:${file.size}:${file.lastModified}`;
}

export interface FilePickerProps {
  label: string;
  /** Extensions without the dot, e.g. ['hwp', 'pdf']. */
  accept: readonly string[];
  multiple?: boolean;
  max?: number;
  files: readonly File[];
  onChange: (files: File[]) => void;
  /** Called with the names refused for their type (the caller shows the contract's message). */
  onRejected: (names: string[]) => void;
  error?: string | undefined;
}

/**
 * Picks documents for a tool: a native file input behind a button, the chosen files listed with a
 * remove button each. Files of another type are refused before they are sent.
 */
export function FilePicker(props: FilePickerProps) {
  const { t } = useTranslation('tools');
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const max = props.multiple ? (props.max ?? Number.POSITIVE_INFINITY) : 1;

  const handleChange = (event: ChangeEvent<HTMLInputElement>) => {
    const picked = Array.from(event.currentTarget.files ?? []);
    event.currentTarget.value = '';
    const refused = picked.filter((file) => !hasAllowedExtension(file.name, props.accept));
    const accepted = picked.filter((file) => hasAllowedExtension(file.name, props.accept));
    props.onRejected(refused.map((file) => file.name));
    if (accepted.length === 0) return;
    const known = new Set(props.files.map(fileKey));
    const fresh = accepted.filter((file) => !known.has(fileKey(file)));
    const next = props.multiple ? [...props.files, ...fresh] : accepted.slice(0, 1);
    props.onChange(next.slice(0, max));
  };

  return (
    <Input.Wrapper
      label={props.label}
      labelProps={{ htmlFor: inputId }}
      description={t('files.accept', { types: props.accept.join(', ') })}
      error={props.error}
    >
      <Stack gap="xs" mt={4}>
        <input
          ref={inputRef}
          id={inputId}
          type="file"
          hidden
          multiple={props.multiple}
          accept={props.accept.map((extension) => `.${extension}`).join(',')}
          onChange={handleChange}
        />
        <Group>
          <Button
            variant="default"
            leftSection={<IconUpload size={16} aria-hidden />}
            onClick={() => inputRef.current?.click()}
            disabled={props.files.length >= max && props.multiple === true}
          >
            {t('files.choose')}
          </Button>
        </Group>
        {props.files.length > 0 ? (
          <Stack gap={4} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
            {props.files.map((file, index) => (
              <Group key={fileKey(file)} component="li" gap="xs" wrap="nowrap">
                <IconFile size={16} aria-hidden />
                <Text size="sm" style={{ flex: 1 }} truncate>
                  {file.name}
                </Text>
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  aria-label={t('files.remove', { name: file.name })}
                  onClick={() => props.onChange(props.files.filter((_, at) => at !== index))}
                >
                  <IconX size={14} aria-hidden />
                </ActionIcon>
              </Group>
            ))}
          </Stack>
        ) : null}
      </Stack>
    </Input.Wrapper>
  );
}

import { ActionIcon, Group, Stack, Text } from '@mantine/core';
import type { KeptFile } from '@ssaem/contracts/kept-files';
import { IconFile, IconX } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiRequest } from '../../../lib/api-client';
import { type Created, type StudioItemResponse, toolFormData } from '../api';
import { useItemFormTarget } from './studio-fields';
import { useFailureMessage } from './use-generation';

/** The tools whose result page re-makes the same item from its kept form and files. */
export type KeptFormTool = 'summary' | 'feedback';

const KEPT_FORM_TOOLS: Record<KeptFormTool, { base: string; field: 'data' | 'inputDto' }> = {
  summary: { base: '/api/v1/summary', field: 'data' },
  feedback: { base: '/api/v1/feedback', field: 'inputDto' },
};

/**
 * Recreate mode of the summary and feedback panels (document-tools.md §2): the item with the form
 * it was made from (its kept files listed by reference); `apply` fills the panel's form once.
 */
export function useKeptFormTarget(
  tool: KeptFormTool,
  recreateId: number | null | undefined,
  apply: (item: StudioItemResponse) => void,
) {
  const id = recreateId ?? null;
  const item = useQuery({
    queryKey: ['tools', 'kept-form', tool, id ?? 0],
    queryFn: ({ signal }) =>
      apiRequest<StudioItemResponse>(`${KEPT_FORM_TOOLS[tool].base}/${id}`, { signal }),
    enabled: id !== null && Number.isInteger(id) && id > 0,
    // The form as it is now: a recreate that just finished changed it.
    staleTime: 0,
  });
  return useItemFormTarget(id, item, apply);
}

/** `POST {base}/{id}/re-create`, multipart: the changed form (with the kept files it lists) and new files. */
export function recreateWithForm(
  tool: KeptFormTool,
  id: number,
  input: unknown,
  files: readonly File[],
): Promise<Created> {
  const { base, field } = KEPT_FORM_TOOLS[tool];
  return apiRequest<Created>(`${base}/${id}/re-create`, {
    method: 'POST',
    body: toolFormData(field, input, files),
  });
}

/**
 * Submitting a recreate form: once the server has accepted it the panel hands over (`onDone`) and
 * the result page follows the item's progress itself; a refusal is shown in the panel.
 */
export function useRecreateSubmit(onDone: ((id: number) => void) | undefined) {
  const failureMessage = useFailureMessage();
  const [isSubmitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = useCallback(
    async (submit: () => Promise<Created>) => {
      setSubmitting(true);
      setError(null);
      try {
        const { id } = await submit();
        onDone?.(id);
      } catch (caught) {
        setError(failureMessage(caught));
      } finally {
        setSubmitting(false);
      }
    },
    [onDone, failureMessage],
  );
  return { run, isSubmitting, error };
}

function sizeLabel(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/**
 * The files kept from the item's last making: listed by name and size, each removable; one whose
 * original is no longer kept says that its text, read when it was uploaded, is used.
 */
export function KeptFileList({
  files,
  onChange,
}: {
  files: readonly KeptFile[];
  onChange: (files: KeptFile[]) => void;
}) {
  const { t } = useTranslation('tools');
  if (files.length === 0) return null;
  return (
    <Stack gap={4} aria-label={t('keptFiles.label')} role="group">
      <Text size="sm" fw={500}>
        {t('keptFiles.label')}
      </Text>
      {files.map((file) => (
        <Group key={file.id} gap="xs" wrap="nowrap">
          <IconFile size={16} aria-hidden />
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {file.name}
          </Text>
          <Text size="xs" c="dimmed">
            {sizeLabel(file.size)}
          </Text>
          {file.available === false ? (
            <Text size="xs" c="dimmed">
              {t('keptFiles.textOnly')}
            </Text>
          ) : null}
          <ActionIcon
            variant="subtle"
            color="gray"
            aria-label={t('keptFiles.remove', { name: file.name })}
            onClick={() => onChange(files.filter((kept) => kept.id !== file.id))}
          >
            <IconX size={14} aria-hidden />
          </ActionIcon>
        </Group>
      ))}
    </Stack>
  );
}

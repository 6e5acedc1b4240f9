import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/Radio.css';
import { Alert, Checkbox, Group, Loader, Radio, SimpleGrid, Stack, Text } from '@mantine/core';
import { COUNSEL_GENDER_LABELS, COUNSEL_GENDERS, type CounselGender } from '@ssaem/contracts/counselling';
import { useEffect, useRef, useState } from 'react';
import type { FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  type Created,
  type RecreateTool,
  recreateStudioDocument,
  type StudioItemResponse,
  useStudioItem,
} from '../api';

export interface ChoiceOption {
  value: string;
  label: string;
}

/** A multiple choice sent "joined by comma" (document-tools.md §3): a group of checkboxes. */
export function ChoiceCheckboxes(props: {
  label: string;
  options: readonly ChoiceOption[];
  value: readonly string[];
  onChange: (value: string[]) => void;
  onBlur?: () => void;
  error?: string | undefined;
  required?: boolean;
  cols?: number;
}) {
  return (
    <Checkbox.Group
      label={props.label}
      required={props.required}
      value={[...props.value]}
      onChange={(next) => {
        // Keep the list's order, whatever order the boxes were ticked in.
        props.onChange(props.options.map((option) => option.value).filter((value) => next.includes(value)));
        props.onBlur?.();
      }}
      error={props.error}
    >
      <SimpleGrid cols={props.cols ?? 2} mt={6} spacing="xs">
        {props.options.map((option) => (
          <Checkbox key={option.value} value={option.value} label={option.label} />
        ))}
      </SimpleGrid>
    </Checkbox.Group>
  );
}

/** A single choice shown as radio buttons in a row. */
export function ChoiceRadios(props: {
  label: string;
  options: readonly ChoiceOption[];
  value: string | undefined;
  onChange: (value: string) => void;
  error?: string | undefined;
  required?: boolean;
}) {
  return (
    <Radio.Group
      label={props.label}
      required={props.required}
      value={props.value ?? ''}
      onChange={props.onChange}
      error={props.error}
    >
      <Group gap="md" mt={6}>
        {props.options.map((option) => (
          <Radio key={option.value} value={option.value} label={option.label} />
        ))}
      </Group>
    </Radio.Group>
  );
}

export function GenderRadios(props: {
  value: CounselGender | undefined;
  onChange: (value: CounselGender) => void;
  error?: string | undefined;
}) {
  const { t } = useTranslation('tools');
  return (
    <ChoiceRadios
      label={t('counsel.gender')}
      required
      options={COUNSEL_GENDERS.map((gender) => ({ value: gender, label: COUNSEL_GENDER_LABELS[gender] }))}
      value={props.value}
      onChange={(value) => props.onChange(value as CounselGender)}
      error={props.error}
    />
  );
}

/**
 * Recreate mode (document-tools.md §2): loads the document to make again, with the form it was
 * made from; `apply` fills the panel's form once (see `refillForm`).
 */
export function useRecreateTarget(
  tool: RecreateTool,
  recreateId: number | null | undefined,
  apply: (item: StudioItemResponse) => void,
) {
  const id = recreateId ?? null;
  const target = useItemFormTarget(id, useStudioItem(tool, id), apply);
  return {
    ...target,
    /**
     * Sends the form: in recreate mode the document is made again from it (PUT, with a new file
     * when one replaces the kept one), else `create` makes a new document.
     */
    send: (input: object, create: () => Promise<Created>, file: File | null = null): Promise<Created> =>
      id !== null ? recreateStudioDocument(tool, id, input, file) : create(),
  };
}

/** The recreate state of a panel from its item's query: the form applied once, when it arrives. */
export function useItemFormTarget(
  id: number | null,
  item: { data?: StudioItemResponse | undefined; isPending: boolean; isError: boolean },
  apply: (item: StudioItemResponse) => void,
) {
  const applied = useRef<number | null>(null);
  const applyRef = useRef(apply);
  applyRef.current = apply;
  useEffect(() => {
    if (!item.data || applied.current === item.data.id) return;
    applied.current = item.data.id;
    applyRef.current(item.data);
  }, [item.data]);
  const [overwriteAccepted, setOverwriteAccepted] = useState(false);
  const isRecreate = id !== null;
  const isLoading = isRecreate && item.isPending;
  const isError = isRecreate && item.isError;
  const canEdit = !isRecreate || item.data?.abilities.edit === true;
  /** The teacher changed the document since it was made: making it again replaces their changes. */
  const hasEdits = isRecreate && item.data?.edited === true;
  return {
    isRecreate,
    item: item.data,
    isLoading,
    isError,
    canEdit,
    hasEdits,
    overwriteAccepted,
    setOverwriteAccepted,
    /**
     * Whether the form may be sent as far as recreate goes: the item is loaded and the teacher's,
     * and, when they changed it by hand, they have said they accept losing those changes.
     */
    ready: !isLoading && !isError && canEdit && (!hasEdits || overwriteAccepted),
  };
}

/** What a recreate panel says above its form: loading, the document's not found, or how it starts. */
export function RecreateNotice({ target }: { target: ReturnType<typeof useItemFormTarget> }) {
  const { t } = useTranslation('tools');
  if (!target.isRecreate) return null;
  if (target.isLoading) return <Loader size="sm" aria-label={t('studio.recreate.loading')} />;
  if (target.isError) {
    return (
      <Alert color="red" variant="light">
        {t('studio.recreate.loadFailed')}
      </Alert>
    );
  }
  if (!target.canEdit) {
    return (
      <Alert color="yellow" variant="light">
        {t('studio.recreate.notYours')}
      </Alert>
    );
  }
  if (target.hasEdits) {
    return (
      <Alert color="orange" variant="light" role="alert" title={t('studio.recreate.editedTitle')}>
        <Stack gap="xs">
          <Text size="sm">{t('studio.recreate.edited')}</Text>
          <Checkbox
            label={t('studio.recreate.editedAccept')}
            checked={target.overwriteAccepted}
            onChange={(event) => target.setOverwriteAccepted(event.currentTarget.checked)}
          />
        </Stack>
      </Alert>
    );
  }
  return null;
}

/**
 * The stored form put back into a recreate panel, changeable: every field the teacher sent, with
 * the title and sharing as the document has them now. Keys the form does not know are dropped
 * by its schema when it is sent again.
 */
export function refillForm<T extends FieldValues>(
  form: { getValues(): T; reset(values: T): void; trigger(): Promise<boolean> },
  item: StudioItemResponse,
) {
  form.reset({
    ...form.getValues(),
    ...(item.input ?? {}),
    title: item.title,
    accessLevel: item.visibility,
    editable: item.editable,
  });
  void form.trigger();
}

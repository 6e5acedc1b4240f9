import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/FloatingIndicator.css';
import '@mantine/core/styles/SegmentedControl.css';
import '@mantine/core/styles/Switch.css';
import { Group, Input, SegmentedControl, Switch } from '@mantine/core';
import type { SharingTool } from '@ssaem/contracts/sharing';
import { VISIBILITY_VALUES } from '@ssaem/contracts/text-correction';
import { useEffect, useId, useRef } from 'react';
import { type FieldValues, type Path, type PathValue, type UseFormReturn, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useToolSharing } from '../api';

export type AccessLevel = (typeof VISIBILITY_VALUES)[number];

export interface CommonSettingsValue {
  accessLevel: AccessLevel;
  editable: boolean;
}

/** The settings every created document carries (document-tools.md §6): visibility and editability. */
export function CommonSettings({
  value,
  onChange,
  readOnly = false,
}: {
  value: CommonSettingsValue;
  onChange: (patch: Partial<CommonSettingsValue>) => void;
  /** Someone else's document (document-tools.md §6): the current values, shown but not changeable. */
  readOnly?: boolean;
}) {
  const { t } = useTranslation('tools');
  const labelId = useId();
  return (
    <Group align="flex-end" justify="space-between" wrap="wrap" gap="md">
      <Input.Wrapper label={t('settings.accessLevel')} labelElement="div" labelProps={{ id: labelId }}>
        <SegmentedControl
          aria-labelledby={labelId}
          value={value.accessLevel}
          disabled={readOnly}
          onChange={(next) => onChange({ accessLevel: next as AccessLevel })}
          data={VISIBILITY_VALUES.map((level) => ({
            value: level,
            label: t(`settings.visibility.${level}`),
          }))}
        />
      </Input.Wrapper>
      <Switch
        label={t('settings.editable')}
        checked={value.editable}
        disabled={readOnly}
        onChange={(event) => onChange({ editable: event.currentTarget.checked })}
      />
    </Group>
  );
}

type WithSettings = FieldValues & { accessLevel?: AccessLevel | undefined; editable?: boolean | undefined };

/**
 * CommonSettings bound to a panel's form, whose schema carries `accessLevel` and `editable`. With
 * `tool` (a new document), the form starts from the teacher's last choice for that tool, or the
 * tool's default, and a changed choice is remembered; without it (a document made again) the
 * form keeps the document's own settings.
 */
export function FormCommonSettings<TInput extends WithSettings, TOutput>({
  form,
  tool,
  readOnly = false,
}: {
  form: UseFormReturn<TInput, unknown, TOutput>;
  tool?: SharingTool | undefined;
  readOnly?: boolean;
}) {
  // The names exist on every panel's form (WithSettings); react-hook-form cannot see that generically.
  const accessLevelName = 'accessLevel' as Path<TInput>;
  const editableName = 'editable' as Path<TInput>;
  const [accessLevel, editable] = useWatch({ control: form.control, name: [accessLevelName, editableName] });
  const { isReady, sharing, remember } = useToolSharing(tool);
  const applied = useRef(false);
  useEffect(() => {
    if (applied.current || !isReady || !sharing) return;
    applied.current = true;
    form.setValue(accessLevelName, sharing.accessLevel as PathValue<TInput, Path<TInput>>);
    form.setValue(editableName, sharing.editable as PathValue<TInput, Path<TInput>>);
  }, [isReady, sharing, form, accessLevelName, editableName]);
  const current = {
    accessLevel: (accessLevel ?? sharing?.accessLevel ?? 'PUBLIC') as AccessLevel,
    editable: (editable ?? sharing?.editable ?? true) as boolean,
  };
  return (
    <CommonSettings
      value={current}
      readOnly={readOnly}
      onChange={(patch) => {
        applied.current = true;
        if (patch.accessLevel)
          form.setValue(accessLevelName, patch.accessLevel as PathValue<TInput, Path<TInput>>);
        if (patch.editable !== undefined)
          form.setValue(editableName, patch.editable as PathValue<TInput, Path<TInput>>);
        remember({ ...current, ...patch });
      }}
    />
  );
}

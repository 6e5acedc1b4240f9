import '@mantine/core/styles/SegmentedControl.css';
import '@mantine/core/styles/Switch.css';
import { Group, Input, SegmentedControl, Switch } from '@mantine/core';
import { VISIBILITY_VALUES } from '@ssaem/contracts/text-correction';
import { useId } from 'react';
import { type FieldValues, type Path, type PathValue, type UseFormReturn, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';

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

/** CommonSettings bound to a panel's form, whose schema carries `accessLevel` and `editable`. */
export function FormCommonSettings<TInput extends WithSettings, TOutput>({
  form,
  readOnly = false,
}: {
  form: UseFormReturn<TInput, unknown, TOutput>;
  readOnly?: boolean;
}) {
  // The names exist on every panel's form (WithSettings); react-hook-form cannot see that generically.
  const accessLevelName = 'accessLevel' as Path<TInput>;
  const editableName = 'editable' as Path<TInput>;
  const [accessLevel, editable] = useWatch({ control: form.control, name: [accessLevelName, editableName] });
  return (
    <CommonSettings
      value={{
        accessLevel: (accessLevel ?? 'PUBLIC') as AccessLevel,
        editable: (editable ?? true) as boolean,
      }}
      readOnly={readOnly}
      onChange={(patch) => {
        if (patch.accessLevel)
          form.setValue(accessLevelName, patch.accessLevel as PathValue<TInput, Path<TInput>>);
        if (patch.editable !== undefined)
          form.setValue(editableName, patch.editable as PathValue<TInput, Path<TInput>>);
      }}
    />
  );
}

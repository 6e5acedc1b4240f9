import '@mantine/core/styles/FloatingIndicator.css';
import '@mantine/core/styles/ColorInput.css';
import '@mantine/core/styles/ColorPicker.css';
import '@mantine/core/styles/ColorSwatch.css';
import '@mantine/core/styles/Switch.css';
import '@mantine/core/styles/InlineInput.css';
import {
  Alert,
  Button,
  Checkbox,
  ColorInput,
  Group,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import {
  LIBRARY_TYPES,
  type Tool,
  type ToolCreate,
  toolInputSchema,
  toolUpdateSchema,
} from '@ssaem/contracts/tools';
import { ROLE_NAMES, type RoleName } from '@ssaem/contracts/users';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/api-client';
import { apiErrorMessage } from '../../../lib/api-error-message';
import { apiFieldErrors, fieldErrorsOf } from '../../../lib/field-errors';
import { TOOL_ICON_NAMES, ToolIcon } from '../../tools/components/tool-icon';
import { useSaveTool } from '../tool-catalogue-api';
import { ConfirmModal } from './admin-ui';
// Its Korean texts choose particles by the word they are given (lib/korean-particles.ts).
import '../../../lib/korean-particles';

interface Draft {
  codeName: string;
  labelKo: string;
  labelEn: string;
  descriptionKo: string;
  descriptionEn: string;
  icon: string;
  colour: string;
  route: string;
  kind: 'button' | 'link';
  parentId: string | null;
  libraryType: string | null;
  visibleRoles: RoleName[];
  shown: boolean;
}

const SWATCHES = ['#2f9e44', '#1971c2', '#e8590c', '#9c36b5', '#c2255c', '#0c8599', '#f08c00', '#5c7cfa'];

const EMPTY: Draft = {
  codeName: '',
  labelKo: '',
  labelEn: '',
  descriptionKo: '',
  descriptionEn: '',
  icon: 'file-text',
  colour: '#1971c2',
  route: '',
  kind: 'button',
  parentId: null,
  libraryType: null,
  visibleRoles: [...ROLE_NAMES],
  shown: true,
};

function draftOf(tool: Tool): Draft {
  return {
    codeName: tool.codeName,
    labelKo: tool.labelKo ?? tool.label,
    labelEn: tool.labelEn ?? tool.label,
    descriptionKo: tool.descriptionKo ?? tool.description,
    descriptionEn: tool.descriptionEn ?? tool.description,
    icon: tool.icon,
    colour: tool.colour,
    route: tool.route,
    kind: tool.kind,
    parentId: tool.parentId === null ? null : String(tool.parentId),
    libraryType: tool.libraryType,
    visibleRoles: tool.visibleRoles ?? [...ROLE_NAMES],
    shown: tool.useYn === 'Y',
  };
}

function bodyOf(draft: Draft) {
  return {
    codeName: draft.codeName,
    labelKo: draft.labelKo,
    labelEn: draft.labelEn,
    descriptionKo: draft.descriptionKo,
    descriptionEn: draft.descriptionEn,
    icon: draft.icon,
    colour: draft.colour,
    route: draft.route,
    kind: draft.kind,
    parentId: draft.parentId === null ? null : Number(draft.parentId),
    libraryType: draft.libraryType,
    visibleRoles: draft.visibleRoles,
    useYn: draft.shown ? 'Y' : 'N',
  };
}

type FieldErrors = Partial<Record<keyof Draft | 'useYn', string>>;

/**
 * Creates a tool (`tool` null) or edits one: both languages, icon, colour, route, kind, group,
 * library type and the roles that see it. The shared schema checks first, the server after; each
 * problem is shown under its field. Used in the create modal and on the full pages alike.
 */
export function ToolForm({
  tool,
  groups,
  onDone,
  onCancel,
}: {
  tool: Tool | null;
  /** The top-level tools a tool can be put under. */
  groups: readonly Tool[];
  onDone: (saved: Tool) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('admin');
  const { t: tc } = useTranslation();
  const save = useSaveTool();
  const [draft, setDraft] = useState<Draft>(tool ? draftOf(tool) : EMPTY);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [confirmHide, setConfirmHide] = useState(false);
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((d) => ({ ...d, [key]: value }));

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    // Hiding a published tool takes it from every teacher's list: asked first.
    if (tool?.useYn === 'Y' && !draft.shown && !confirmHide) {
      setConfirmHide(true);
      return;
    }
    send();
  };

  const send = () => {
    setConfirmHide(false);
    const { codeName, ...changes } = bodyOf(draft);
    const parsed = tool
      ? toolUpdateSchema.safeParse(changes)
      : toolInputSchema.safeParse({ codeName, ...changes });
    if (!parsed.success) {
      setErrors(fieldErrorsOf(parsed.error.issues) as FieldErrors);
      return;
    }
    setErrors({});
    save
      .mutateAsync({ id: tool?.id ?? null, body: parsed.data as ToolCreate })
      .then(onDone)
      .catch((error: unknown) => {
        const fromServer = apiFieldErrors(error);
        if (fromServer) setErrors(fromServer as FieldErrors);
      });
  };

  const parentOptions = [
    { value: '', label: t('tools.topLevel') },
    ...groups
      .filter((group) => group.id !== tool?.id)
      .map((group) => ({ value: String(group.id), label: group.label })),
  ];

  return (
    <form onSubmit={submit} noValidate aria-label={tool ? t('tools.edit') : t('tools.create')}>
      <ConfirmModal
        opened={confirmHide}
        title={t('tools.hideTitle')}
        body={t('tools.hideBody', { label: tool?.label ?? '' })}
        confirmLabel={t('tools.hide')}
        onConfirm={send}
        onClose={() => setConfirmHide(false)}
      />
      <Stack gap="sm">
        {save.error && !(isApiError(save.error) && save.error.details.length) && (
          <Alert color="red" role="alert">
            {apiErrorMessage(save.error, tc)}
          </Alert>
        )}
        <TextInput
          label={t('tools.fields.codeName')}
          description={tool ? t('tools.fields.codeNameFixed') : t('tools.fields.codeNameHint')}
          value={draft.codeName}
          onChange={(e) => set('codeName', e.currentTarget.value.toUpperCase())}
          error={errors.codeName}
          disabled={tool !== null}
          maxLength={60}
          required
          data-autofocus
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label={t('tools.fields.labelKo')}
            value={draft.labelKo}
            onChange={(e) => set('labelKo', e.currentTarget.value)}
            error={errors.labelKo}
            maxLength={60}
            required
          />
          <TextInput
            label={t('tools.fields.labelEn')}
            value={draft.labelEn}
            onChange={(e) => set('labelEn', e.currentTarget.value)}
            error={errors.labelEn}
            maxLength={60}
            required
          />
          <Textarea
            label={t('tools.fields.descriptionKo')}
            value={draft.descriptionKo}
            onChange={(e) => set('descriptionKo', e.currentTarget.value)}
            error={errors.descriptionKo}
            maxLength={300}
            rows={2}
          />
          <Textarea
            label={t('tools.fields.descriptionEn')}
            value={draft.descriptionEn}
            onChange={(e) => set('descriptionEn', e.currentTarget.value)}
            error={errors.descriptionEn}
            maxLength={300}
            rows={2}
          />
          <Select
            label={t('tools.fields.icon')}
            data={TOOL_ICON_NAMES.map((name) => ({ value: name, label: name }))}
            value={draft.icon}
            onChange={(value) => set('icon', value ?? EMPTY.icon)}
            leftSection={<ToolIcon name={draft.icon} size={18} />}
            renderOption={({ option }) => (
              <Group gap="xs" wrap="nowrap">
                <ToolIcon name={option.value} size={18} />
                {option.label}
              </Group>
            )}
            error={errors.icon}
            allowDeselect={false}
            required
          />
          <ColorInput
            label={t('tools.fields.colour')}
            value={draft.colour}
            onChange={(value) => set('colour', value)}
            format="hex"
            swatches={SWATCHES}
            error={errors.colour}
            required
          />
        </SimpleGrid>
        <div>
          <Text size="sm" fw={500} mb={4} id="tool-kind-label">
            {t('tools.fields.kind')}
          </Text>
          <SegmentedControl
            aria-labelledby="tool-kind-label"
            value={draft.kind}
            onChange={(value) => set('kind', value as Draft['kind'])}
            data={[
              { value: 'button', label: t('tools.kind.button') },
              { value: 'link', label: t('tools.kind.link') },
            ]}
          />
        </div>
        <TextInput
          label={t('tools.fields.route')}
          description={draft.kind === 'button' ? t('tools.fields.routeButton') : t('tools.fields.routeLink')}
          value={draft.route}
          onChange={(e) => set('route', e.currentTarget.value)}
          error={errors.route}
          maxLength={200}
          required
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Select
            label={t('tools.fields.parent')}
            data={parentOptions}
            value={draft.parentId ?? ''}
            onChange={(value) => set('parentId', value ? value : null)}
            error={errors.parentId}
            allowDeselect={false}
          />
          <Select
            label={t('tools.fields.libraryType')}
            description={t('tools.fields.libraryTypeHint')}
            data={LIBRARY_TYPES.map((type) => ({ value: type, label: type }))}
            value={draft.libraryType}
            onChange={(value) => set('libraryType', value)}
            error={errors.libraryType}
            clearable
          />
        </SimpleGrid>
        <Checkbox.Group
          label={t('tools.fields.visibleRoles')}
          description={t('tools.fields.visibleRolesHint')}
          value={draft.visibleRoles}
          onChange={(value) => set('visibleRoles', value as RoleName[])}
          error={errors.visibleRoles}
        >
          <Group gap="md" mt={6}>
            {ROLE_NAMES.map((role) => (
              <Checkbox key={role} value={role} label={t(`roles.${role}`)} />
            ))}
          </Group>
        </Checkbox.Group>
        <Switch
          label={t('tools.fields.shown')}
          description={t('tools.fields.shownHint')}
          checked={draft.shown}
          onChange={(e) => set('shown', e.currentTarget.checked)}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={save.isPending}>
            {tool ? t('common.save') : t('tools.createButton')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

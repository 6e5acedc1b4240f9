import { ActionIcon, Button, Group, Input, Stack, TextInput } from '@mantine/core';
import { IconPlus, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/**
 * A list of committee members that grows and shrinks (document-tools.md §5): one name per row, an
 * add button, and a remove button on each row except when it is the last one left.
 */
export function MemberList(props: {
  /** The role, e.g. 교원 위원: the rows are "<role> 1", "<role> 2", … */
  role: string;
  names: readonly string[];
  onChange: (names: string[]) => void;
  required?: boolean;
  error?: string | undefined;
  max?: number;
}) {
  const { t } = useTranslation('tools');
  const max = props.max ?? 20;
  const update = (index: number, name: string) =>
    // Names are sent comma-joined: a comma inside one would split it.
    props.onChange(props.names.map((current, at) => (at === index ? name.replace(/[,，]/g, ' ') : current)));
  return (
    <Input.Wrapper label={props.role} required={props.required} error={props.error}>
      <Stack gap={6} mt={4}>
        {props.names.map((name, index) => {
          const label = t('meetingMinutes.member', { role: props.role, number: index + 1 });
          return (
            // Rows are plain positions in the list; their values are controlled.
            // biome-ignore lint/suspicious/noArrayIndexKey: a row has no identity beyond its place.
            <Group key={index} gap="xs" wrap="nowrap">
              <TextInput
                aria-label={label}
                placeholder={t('meetingMinutes.memberPlaceholder')}
                value={name}
                onChange={(event) => update(index, event.currentTarget.value)}
                style={{ flex: 1 }}
                maxLength={50}
              />
              <ActionIcon
                variant="subtle"
                color="gray"
                aria-label={t('meetingMinutes.removeMember', { name: label })}
                disabled={props.names.length <= 1}
                onClick={() => props.onChange(props.names.filter((_, at) => at !== index))}
              >
                <IconX size={14} aria-hidden />
              </ActionIcon>
            </Group>
          );
        })}
        <Group>
          <Button
            variant="subtle"
            size="xs"
            leftSection={<IconPlus size={14} aria-hidden />}
            disabled={props.names.length >= max}
            onClick={() => props.onChange([...props.names, ''])}
          >
            {t('meetingMinutes.addMember', { role: props.role })}
          </Button>
        </Group>
      </Stack>
    </Input.Wrapper>
  );
}

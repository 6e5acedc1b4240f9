import '../../../components/form-styles';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/SegmentedControl.css';
import '@mantine/core/styles/Pill.css';
import '@mantine/core/styles/PillsInput.css';
import { Button, Group, Modal, Pagination, Stack, Table, Text, UnstyledButton } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconSelector } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DATE_AND_TIME, formatDate as formatDay } from '../../../lib/format';

/** A destructive action asks first: what happens, and a red button that says it. */
export function ConfirmModal({
  opened,
  title,
  body,
  confirmLabel,
  loading,
  onConfirm,
  onClose,
}: {
  opened: boolean;
  title: string;
  body: string;
  confirmLabel: string;
  loading?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('admin');
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered>
      <Stack gap="lg">
        <Text>{body}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button color="red" loading={loading} onClick={onConfirm}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** Server-side pages: the total and the page buttons, 1-based for people, 0-based for the API. */
export function Pager({
  total,
  pageIndex,
  pageSize,
  onChange,
}: {
  total: number;
  pageIndex: number;
  pageSize: number;
  onChange: (pageIndex: number) => void;
}) {
  const { t } = useTranslation('admin');
  const pages = Math.max(1, Math.ceil(total / pageSize));
  return (
    <Group justify="space-between" wrap="wrap">
      <Text size="sm" c="dimmed">
        {t('common.total', { count: total })}
      </Text>
      {pages > 1 && (
        <Pagination
          total={pages}
          value={pageIndex + 1}
          onChange={(page) => onChange(page - 1)}
          size="sm"
          getControlProps={(control) => ({
            'aria-label':
              control === 'previous'
                ? t('common.previous')
                : control === 'next'
                  ? t('common.next')
                  : undefined,
          })}
        />
      )}
    </Group>
  );
}

/** A table whose header stays in view while the rows scroll, with its own empty state. */
export function DataTable({
  label,
  head,
  empty,
  isEmpty,
  minWidth = 640,
  children,
}: {
  label: string;
  head: ReactNode;
  empty: string;
  isEmpty: boolean;
  minWidth?: number;
  children: ReactNode;
}) {
  if (isEmpty)
    return (
      <Text c="dimmed" py="xl" ta="center" role="status">
        {empty}
      </Text>
    );
  return (
    <Table.ScrollContainer minWidth={minWidth} maxHeight={560}>
      <Table stickyHeader highlightOnHover verticalSpacing="xs" aria-label={label}>
        <Table.Thead>{head}</Table.Thead>
        <Table.Tbody>{children}</Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** A column header that sorts on the server; aria-sort says which way. */
export function SortableTh({
  label,
  active,
  order,
  onSort,
}: {
  label: string;
  active: boolean;
  order: 'asc' | 'desc';
  onSort: () => void;
}) {
  const { t } = useTranslation('admin');
  const Icon = !active ? IconSelector : order === 'asc' ? IconArrowUp : IconArrowDown;
  return (
    <Table.Th aria-sort={active ? (order === 'asc' ? 'ascending' : 'descending') : 'none'}>
      <UnstyledButton onClick={onSort} aria-label={t('users.sortBy', { column: label })} fw={600} fz="sm">
        <Group gap={4} wrap="nowrap">
          {label}
          <Icon size={14} aria-hidden />
        </Group>
      </UnstyledButton>
    </Table.Th>
  );
}

export function formatDateTime(iso: string | null | undefined, language: string): string {
  if (!iso) return '—';
  return formatDay(iso, language, DATE_AND_TIME);
}

export function formatDate(iso: string | null | undefined, language: string): string {
  if (!iso) return '—';
  return formatDay(iso, language);
}

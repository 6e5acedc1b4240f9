import { ActionIcon, Group, Menu, Text, UnstyledButton } from '@mantine/core';
import type { Folder } from '@ssaem/contracts/library';
import { IconDots, IconEdit, IconFolder, IconFolders, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { FolderNode } from '../folder-tree-model';
import classes from './folder-tree.module.css';

interface FolderTreeProps {
  tree: FolderNode[];
  selectedId: number | undefined;
  onSelect: (id: number | undefined) => void;
  onRename: (folder: Folder) => void;
  onDelete: (folder: Folder) => void;
}

function FolderRow({ node, ...props }: FolderTreeProps & { node: FolderNode }) {
  const { t } = useTranslation('library');
  const selected = props.selectedId === node.id;
  return (
    <li>
      <Group gap={2} wrap="nowrap" className={classes.row} data-selected={selected || undefined}>
        <UnstyledButton
          className={classes.select}
          aria-current={selected ? 'true' : undefined}
          onClick={() => props.onSelect(node.id)}
          style={{ paddingInlineStart: `calc(0.5rem + ${node.depth} * 1rem)` }}
        >
          <Group component="span" gap={6} wrap="nowrap">
            <IconFolder size={16} aria-hidden style={{ flexShrink: 0 }} />
            <Text component="span" size="sm" truncate>
              {node.name}
            </Text>
            <Text component="span" size="xs" c="dimmed">
              {t('folders.itemCount', { count: node.itemCount })}
            </Text>
          </Group>
        </UnstyledButton>
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <ActionIcon variant="subtle" color="gray" aria-label={t('folders.actions', { name: node.name })}>
              <IconDots size={16} aria-hidden />
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item leftSection={<IconEdit size={14} aria-hidden />} onClick={() => props.onRename(node)}>
              {t('folders.rename')}
            </Menu.Item>
            <Menu.Item
              color="red"
              leftSection={<IconTrash size={14} aria-hidden />}
              onClick={() => props.onDelete(node)}
            >
              {t('folders.delete')}
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
      </Group>
      {node.children.length > 0 ? (
        <ul className={classes.list}>
          {node.children.map((child) => (
            <FolderRow key={child.id} {...props} node={child} />
          ))}
        </ul>
      ) : null}
    </li>
  );
}

/** The folders as a tree; choosing one filters the list, "all materials" clears it. */
export function FolderTree(props: FolderTreeProps) {
  const { t } = useTranslation('library');
  const allSelected = props.selectedId === undefined;
  return (
    <ul className={classes.list} aria-labelledby="my-folders-title">
      <li>
        <Group gap={2} wrap="nowrap" className={classes.row} data-selected={allSelected || undefined}>
          <UnstyledButton
            className={classes.select}
            aria-current={allSelected ? 'true' : undefined}
            onClick={() => props.onSelect(undefined)}
          >
            <Group component="span" gap={6} wrap="nowrap">
              <IconFolders size={16} aria-hidden />
              <Text component="span" size="sm">
                {t('folders.all')}
              </Text>
            </Group>
          </UnstyledButton>
        </Group>
      </li>
      {props.tree.map((node) => (
        <FolderRow key={node.id} {...props} node={node} />
      ))}
    </ul>
  );
}

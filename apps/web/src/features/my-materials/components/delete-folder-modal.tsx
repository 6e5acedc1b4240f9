import '@mantine/core/styles/InlineInput.css';
import { Button, Group, Modal, Radio, Stack, Text } from '@mantine/core';
import type { Folder } from '@ssaem/contracts/library';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FolderDeleteType } from '../api';

interface DeleteFolderModalProps {
  folder: Folder | null;
  pending: boolean;
  onClose: () => void;
  onConfirm: (deleteType: FolderDeleteType) => void;
}

/** Deleting a folder asks what becomes of its materials: back to the root, or deleted with it. */
export function DeleteFolderModal({ folder, pending, onClose, onConfirm }: DeleteFolderModalProps) {
  const { t } = useTranslation('library');
  const [deleteType, setDeleteType] = useState<FolderDeleteType>('MOVE_TO_ROOT');
  return (
    <Modal opened={folder !== null} onClose={onClose} title={t('folders.deleteTitle')}>
      <Stack>
        <Text>{t('folders.deleteBody', { name: folder?.name ?? '' })}</Text>
        <Radio.Group
          label={t('folders.deleteChoice')}
          value={deleteType}
          onChange={(value) => setDeleteType(value as FolderDeleteType)}
        >
          <Stack gap="xs" mt="xs">
            <Radio value="MOVE_TO_ROOT" label={t('folders.moveToRoot')} />
            <Radio value="DELETE_CONTENTS" label={t('folders.deleteContents')} />
          </Stack>
        </Radio.Group>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('folders.cancel')}
          </Button>
          <Button color="red" loading={pending} onClick={() => onConfirm(deleteType)}>
            {t('folders.delete')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

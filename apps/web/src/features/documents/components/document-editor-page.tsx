import '../../../components/form-styles';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/Switch.css';
import '@mantine/core/styles/ActionIcon.css';
import '@mantine/core/styles/Tooltip.css';
import { Alert, Button, Group, Modal, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import type { DocumentModel, LibraryDocument } from '@ssaem/contracts/documents';
import type { LibraryDetail } from '@ssaem/contracts/library';
import { IconEye, IconSettings } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import type { Editor } from '@tiptap/core';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { isApiError } from '../../../lib/api-client';
import { apiErrorMessage } from '../../../lib/api-error-message';
import { AccessSettings } from '../../library/components/access-settings';
import { documentKeys, useLibraryDocument, useSaveDocument } from '../api';
import { AssistantBeside, AssistantToggleButton, useAssistantToggle } from '../assistant/assistant-beside';
import { useAutosave } from '../use-autosave';
import { DownloadButtons } from './download-buttons';
import { LazyDocumentEditor } from './lazy-document-editor';
import { SaveIndicator } from './save-indicator';

interface Draft {
  title: string;
  document: DocumentModel;
}

/** Warns before the tab closes while a change is not saved yet. */
function useLeaveWarning(active: boolean) {
  const { t } = useTranslation('documents');
  useEffect(() => {
    if (!active) return;
    const handleBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = t('save.leave');
    };
    window.addEventListener('beforeunload', handleBeforeUnload);
    return () => window.removeEventListener('beforeunload', handleBeforeUnload);
  }, [active, t]);
}

/** The creator's visibility and editability, in a dialog (the library's own form). */
function SettingsButton({ item }: { item: LibraryDocument }) {
  const { t } = useTranslation('documents');
  const queryClient = useQueryClient();
  const [opened, setOpened] = useState(false);
  // The form reads only the id, the visibility and the editability.
  const settings = { id: item.id, visibility: item.visibility, editable: item.editable } as LibraryDetail;
  const handleClose = () => {
    setOpened(false);
    void queryClient.invalidateQueries({ queryKey: documentKeys.detail(item.id) });
  };
  return (
    <>
      <Button
        size="xs"
        variant="default"
        leftSection={<IconSettings size={14} aria-hidden />}
        onClick={() => setOpened(true)}
      >
        {t('editor.settings')}
      </Button>
      <Modal opened={opened} onClose={handleClose} title={t('editor.settingsTitle')}>
        <div id="library-settings-title" hidden>
          {t('editor.settingsTitle')}
        </div>
        <AccessSettings item={settings} />
      </Modal>
    </>
  );
}

function Editing({ item }: { item: LibraryDocument }) {
  const { t } = useTranslation('documents');
  const save = useSaveDocument();
  const [title, setTitle] = useState(item.title);
  const draft = useRef<Draft>({ title: item.title, document: item.document });
  const saveDraft = useCallback(
    ({ title: nextTitle, document }: Draft) =>
      save.mutateAsync({ id: item.id, title: nextTitle.trim() || undefined, document }),
    [save.mutateAsync, item.id],
  );
  const autosave = useAutosave(saveDraft);
  useLeaveWarning(autosave.status !== 'saved');
  const [editor, setEditor] = useState<Editor | null>(null);
  const assistant = useAssistantToggle();

  const handleDocumentChange = useCallback(
    (document: DocumentModel) => {
      draft.current = { ...draft.current, document };
      autosave.schedule(draft.current);
    },
    [autosave.schedule],
  );
  const handleTitleChange = (value: string) => {
    setTitle(value);
    draft.current = { ...draft.current, title: value };
    autosave.schedule(draft.current);
  };

  return (
    <Stack gap="sm">
      <title>{t('meta.editor', { title: title || item.title })}</title>
      <Group justify="space-between" align="center" gap="sm">
        <Group gap="sm" style={{ flex: 1, minWidth: 240 }} wrap="nowrap">
          <TextInput
            aria-label={t('editor.titleLabel')}
            value={title}
            onChange={(event) => handleTitleChange(event.currentTarget.value)}
            maxLength={200}
            size="md"
            style={{ flex: 1 }}
          />
          <SaveIndicator status={autosave.status} onRetry={() => void autosave.flush()} />
        </Group>
        <Group gap="xs">
          <AssistantToggleButton toggle={assistant} />
          <Button
            component={Link}
            to={`/document/${item.id}`}
            size="xs"
            variant="default"
            leftSection={<IconEye size={14} aria-hidden />}
          >
            {t('editor.view')}
          </Button>
          {item.abilities.changeSettings ? <SettingsButton item={item} /> : null}
          <DownloadButtons
            source={item.id}
            title={title.trim() || item.title}
            disabled={autosave.status !== 'saved'}
          />
        </Group>
      </Group>
      <AssistantBeside
        toggle={assistant}
        documentKey={`library:${item.id}`}
        editor={editor}
        title={title.trim() || item.title}
      >
        <LazyDocumentEditor
          initialContent={item.document}
          onChange={handleDocumentChange}
          onEditor={setEditor}
          label={t('editor.bodyLabel')}
        />
      </AssistantBeside>
    </Stack>
  );
}

/** /document/editor/{id}: the creator edits a library item; changes save as they go. */
export function DocumentEditorPage() {
  const { t } = useTranslation('documents');
  const { t: tc } = useTranslation();
  const id = Number(useParams().id);
  const item = useLibraryDocument(id);

  const notFound =
    !Number.isInteger(id) || id <= 0 || (item.isError && isApiError(item.error) && item.error.status === 404);
  if (notFound) {
    return (
      <Stack gap="md" maw={720}>
        <title>{t('viewer.notFound')}</title>
        <Title order={1}>{t('viewer.notFound')}</Title>
        <Text c="dimmed">{t('viewer.notFoundBody')}</Text>
      </Stack>
    );
  }
  if (item.isError) {
    return (
      <Alert color="red" variant="light" title={t('viewer.failed')} maw={720}>
        {apiErrorMessage(item.error, tc)}
      </Alert>
    );
  }
  if (item.isPending) {
    return (
      <Stack gap="md" aria-busy aria-label={t('editor.loading')}>
        <Skeleton h={36} w="60%" />
        <Skeleton h={480} />
      </Stack>
    );
  }
  const doc = item.data;
  if (!doc.abilities.edit || doc.status !== 3) {
    return (
      <Stack gap="md" maw={720}>
        <title>{t('meta.editor', { title: doc.title })}</title>
        <Title order={1}>{doc.title}</Title>
        <Alert color="yellow" variant="light" title={doc.status !== 3 ? undefined : t('editor.readOnly')}>
          {doc.status !== 3 ? t('editor.notReady') : t('editor.readOnlyBody')}
        </Alert>
        <Group>
          <Button component={Link} to={`/document/${doc.id}`} leftSection={<IconEye size={16} aria-hidden />}>
            {t('editor.view')}
          </Button>
        </Group>
      </Stack>
    );
  }
  // The page is laid out once per item; later saves update the cache, not the editor.
  return <Editing key={doc.id} item={doc} />;
}

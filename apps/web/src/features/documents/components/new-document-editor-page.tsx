import '../../../components/form-styles';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/Switch.css';
import '@mantine/core/styles/ActionIcon.css';
import '@mantine/core/styles/Tooltip.css';
import { Alert, Button, FileButton, Group, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import type { DocumentModel } from '@ssaem/contracts/documents';
import { DOCUMENT_UPLOAD_TYPES } from '@ssaem/contracts/documents';
import { IconDeviceFloppy, IconFileUpload } from '@tabler/icons-react';
import type { Editor } from '@tiptap/core';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { useToast } from '../../../components/toast/toast-context';
import { isApiError } from '../../../lib/api-client';
import { apiErrorMessage } from '../../../lib/api-error-message';
import { useCreateDocument, useUploadDocument, useUploadedDocument } from '../api';
import { AssistantBeside, AssistantToggleButton, useAssistantToggle } from '../assistant/assistant-beside';
import { useEditorDraft } from '../editor-drafts';
import { DownloadButtons } from './download-buttons';
import { LazyDocumentEditor } from './lazy-document-editor';
import { type SaveFormValues, SaveToMaterialsDialog } from './save-to-materials-dialog';

const BLANK: DocumentModel = { type: 'doc', content: [{ type: 'paragraph' }] };
const ACCEPT = DOCUMENT_UPLOAD_TYPES.map((type) => `.${type}`).join(',');

/** An upload refusal says why in its details (E_FILE_001); anything else by its code. */
function uploadErrorMessage(error: unknown, fallback: (error: unknown) => string): string {
  if (isApiError(error) && error.code === 'E_FILE_001' && error.details[0]?.message) {
    return error.details[0].message;
  }
  return fallback(error);
}

function titleFromFileName(name: string): string {
  return name.replace(/\.(hwpx?|docx)$/i, '').trim();
}

/**
 * /immersive/document/editor (the HWP editor): a new document, or an opened hwp/hwpx/docx file
 * (`?fileUrl=` after an upload), edited and then saved to My Materials.
 */
export function NewDocumentEditorPage() {
  const { t } = useTranslation('documents');
  const { t: tc } = useTranslation();
  const toast = useToast();
  const navigate = useNavigate();
  const [searchParams, setSearchParams] = useSearchParams();
  const fileUrl = searchParams.get('fileUrl');
  const fileName = searchParams.get('fileName');
  const uploaded = useUploadedDocument(fileUrl, fileName);
  const upload = useUploadDocument();
  const create = useCreateDocument();
  const [title, setTitle] = useState(() => (fileName ? titleFromFileName(fileName) : ''));
  const [saveOpen, setSaveOpen] = useState(false);
  const document = useRef<DocumentModel>(BLANK);
  const titleRef = useRef(title);
  const [editor, setEditor] = useState<Editor | null>(null);
  const assistant = useAssistantToggle();
  const documentKey = fileUrl ?? 'blank';
  const draft = useEditorDraft(documentKey);

  const opened = fileUrl ? uploaded.data?.document : BLANK;
  // Unsaved edits kept in the browser win over the file as opened; `undefined` while they are read.
  const source = draft.restored === undefined ? undefined : (draft.restored?.document ?? opened);
  useEffect(() => {
    if (source) document.current = source;
  }, [source]);
  useEffect(() => {
    if (draft.restored?.title) {
      setTitle(draft.restored.title);
      titleRef.current = draft.restored.title;
    }
  }, [draft.restored]);

  const { keep } = draft;
  const handleChange = useCallback(
    (next: DocumentModel) => {
      document.current = next;
      keep({ title: titleRef.current, document: next });
    },
    [keep],
  );
  const handleTitle = (value: string) => {
    setTitle(value);
    titleRef.current = value;
    keep({ title: value, document: document.current });
  };
  // Read when a download button is pressed: the document as it stands, saved or not.
  const currentDocument = useCallback(() => document.current, []);

  const handleFile = (file: File | null) => {
    if (!file) return;
    upload.mutate(file, {
      onSuccess: (result) => {
        const next = titleFromFileName(result.fileName) || title;
        setTitle(next);
        titleRef.current = next;
        setSearchParams({ fileUrl: result.fileUrl, fileName: result.fileName });
        toast.show(t('editor.opened', { name: result.fileName }));
      },
    });
  };

  const handleSave = async (values: SaveFormValues) => {
    const { id } = await create.mutateAsync({ ...values, document: document.current });
    await draft.discard();
    toast.show(t('editor.savedToMaterials'));
    setSaveOpen(false);
    void navigate(`/document/editor/${id}`, { replace: true });
  };

  const uploadError = upload.error ?? (fileUrl ? uploaded.error : null);
  return (
    <Stack gap="sm" maw={assistant.beside ? 1440 : 1040} mx="auto" px="md" pb="xl">
      <title>{t('meta.newEditor')}</title>
      <Group justify="space-between" align="center" gap="sm" pr={56}>
        <TextInput
          aria-label={t('editor.titleLabel')}
          placeholder={t('editor.untitled')}
          value={title}
          onChange={(event) => handleTitle(event.currentTarget.value)}
          maxLength={200}
          size="md"
          style={{ flex: 1, minWidth: 240 }}
        />
        <Group gap="xs">
          <AssistantToggleButton toggle={assistant} />
          <FileButton onChange={handleFile} accept={ACCEPT}>
            {(props) => (
              <Button
                {...props}
                size="xs"
                variant="default"
                leftSection={<IconFileUpload size={14} aria-hidden />}
                loading={upload.isPending}
              >
                {t('editor.open')}
              </Button>
            )}
          </FileButton>
          <Button
            size="xs"
            leftSection={<IconDeviceFloppy size={14} aria-hidden />}
            onClick={() => setSaveOpen(true)}
            disabled={Boolean(fileUrl) && !source}
          >
            {t('editor.saveToMaterials')}
          </Button>
          <DownloadButtons
            source={currentDocument}
            title={title.trim() || t('editor.untitled')}
            disabled={Boolean(fileUrl) && !source}
          />
        </Group>
      </Group>
      <Text size="sm" c="dimmed">
        {t('editor.openHint')}
      </Text>
      {uploadError ? (
        <Alert color="red" variant="light" role="alert" title={t('editor.openFailed')}>
          {uploadErrorMessage(uploadError, (error) => apiErrorMessage(error, tc))}
        </Alert>
      ) : null}
      {draft.restored ? (
        <Alert color="blue" variant="light" title={t('editor.draftRestored')}>
          <Group justify="space-between" gap="xs">
            <Text size="sm">{t('editor.draftRestoredBody')}</Text>
            <Button size="compact-sm" variant="default" onClick={() => void draft.discard()}>
              {t('editor.discardDraft')}
            </Button>
          </Group>
        </Alert>
      ) : null}
      <AssistantBeside toggle={assistant} documentKey={documentKey} editor={editor} title={title}>
        {source ? (
          <LazyDocumentEditor
            key={`${documentKey}:${draft.restored ? 'draft' : 'file'}`}
            initialContent={source}
            onChange={handleChange}
            onEditor={setEditor}
            label={t('editor.bodyLabel')}
          />
        ) : uploaded.isPending || draft.restored === undefined ? (
          <Stack gap="md" aria-busy aria-label={t('editor.opening')}>
            <Skeleton h={480} />
          </Stack>
        ) : (
          <div />
        )}
      </AssistantBeside>
      <SaveToMaterialsDialog
        opened={saveOpen}
        defaultTitle={title.trim() || t('editor.untitled')}
        onClose={() => setSaveOpen(false)}
        onSave={handleSave}
      />
    </Stack>
  );
}

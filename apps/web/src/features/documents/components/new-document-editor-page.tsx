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
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { useToast } from '../../../components/toast/toast-context';
import { isApiError } from '../../../lib/api-client';
import { apiErrorMessage } from '../../../lib/api-error-message';
import { useCreateDocument, useUploadDocument, useUploadedDocument } from '../api';
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

  const source = fileUrl ? uploaded.data?.document : BLANK;
  useEffect(() => {
    if (source) document.current = source;
  }, [source]);

  const handleChange = useCallback((next: DocumentModel) => {
    document.current = next;
  }, []);
  // Read when a download button is pressed: the document as it stands, saved or not.
  const currentDocument = useCallback(() => document.current, []);

  const handleFile = (file: File | null) => {
    if (!file) return;
    upload.mutate(file, {
      onSuccess: (result) => {
        setTitle(titleFromFileName(result.fileName) || title);
        setSearchParams({ fileUrl: result.fileUrl, fileName: result.fileName });
        toast.show(t('editor.opened', { name: result.fileName }));
      },
    });
  };

  const handleSave = async (values: SaveFormValues) => {
    const { id } = await create.mutateAsync({ ...values, document: document.current });
    toast.show(t('editor.savedToMaterials'));
    setSaveOpen(false);
    void navigate(`/document/editor/${id}`, { replace: true });
  };

  const uploadError = upload.error ?? (fileUrl ? uploaded.error : null);
  return (
    <Stack gap="sm" maw={1040} mx="auto" px="md" pb="xl">
      <title>{t('meta.newEditor')}</title>
      <Group justify="space-between" align="center" gap="sm" pr={56}>
        <TextInput
          aria-label={t('editor.titleLabel')}
          placeholder={t('editor.untitled')}
          value={title}
          onChange={(event) => setTitle(event.currentTarget.value)}
          maxLength={200}
          size="md"
          style={{ flex: 1, minWidth: 240 }}
        />
        <Group gap="xs">
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
      {source ? (
        <LazyDocumentEditor
          key={fileUrl ?? 'blank'}
          initialContent={source}
          onChange={handleChange}
          label={t('editor.bodyLabel')}
        />
      ) : uploaded.isPending ? (
        <Stack gap="md" aria-busy aria-label={t('editor.opening')}>
          <Skeleton h={480} />
        </Stack>
      ) : null}
      <SaveToMaterialsDialog
        opened={saveOpen}
        defaultTitle={title.trim() || t('editor.untitled')}
        onClose={() => setSaveOpen(false)}
        onSave={handleSave}
      />
    </Stack>
  );
}

import { Button, Group } from '@mantine/core';
import {
  DOCUMENT_EXPORT_FORMATS,
  type DocumentExportFormat,
  type DocumentModel,
} from '@ssaem/contracts/documents';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../../components/toast/toast-context';
import { apiErrorMessage } from '../../../lib/api-error-message';
import { useExportDocument, useExportDraft } from '../api';
import { downloadFileName, saveFile } from '../save-file';

/**
 * Downloads a saved document by its id, or the editor's unsaved document as it is (`draft`);
 * failures show as a toast.
 */
export function useDownloadDocument() {
  const { t: tc } = useTranslation();
  const toast = useToast();
  const exporter = useExportDocument();
  const draftExporter = useExportDraft();
  const [format, setFormat] = useState<DocumentExportFormat | null>(null);

  const download = async (
    source: number | (() => DocumentModel),
    nextFormat: DocumentExportFormat,
    title: string,
  ) => {
    setFormat(nextFormat);
    try {
      const blob =
        typeof source === 'number'
          ? await exporter.mutateAsync({ id: source, format: nextFormat, title })
          : await draftExporter.mutateAsync({ title, document: source(), format: nextFormat });
      saveFile(blob, downloadFileName(title, nextFormat));
    } catch (error) {
      toast.show(apiErrorMessage(error, tc));
    } finally {
      setFormat(null);
    }
  };
  return { download, downloading: format };
}

interface DownloadButtonsProps {
  /** The saved item, or the editor's current document when it is not saved (sent as it is). */
  source: number | (() => DocumentModel);
  title: string;
  disabled?: boolean;
}

/** 한글 (.hwp) first, then 한글 (.hwpx), DOCX and PDF. */
export function DownloadButtons({ source, title, disabled }: DownloadButtonsProps) {
  const { t } = useTranslation('documents');
  const { download, downloading } = useDownloadDocument();
  return (
    <Group gap={6} role="group" aria-label={t('download.label')}>
      {DOCUMENT_EXPORT_FORMATS.map((format) => (
        <Button
          key={format}
          size="xs"
          variant={format === 'hwp' ? 'filled' : 'default'}
          leftSection={<IconDownload size={14} aria-hidden />}
          title={t(`download.${format}Title`)}
          loading={downloading === format}
          disabled={disabled || (downloading !== null && downloading !== format)}
          onClick={() => void download(source, format, title)}
        >
          {t(`download.${format}`)}
        </Button>
      ))}
    </Group>
  );
}

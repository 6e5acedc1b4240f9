import { Button, Group } from '@mantine/core';
import { DOCUMENT_EXPORT_FORMATS, type DocumentExportFormat } from '@ssaem/contracts/documents';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../../components/toast/toast-context';
import { apiErrorMessage } from '../../../lib/api-error-message';
import { useExportDocument } from '../api';
import { downloadFileName, saveFile } from '../save-file';

/** Downloads a saved document; failures show as a toast. */
export function useDownloadDocument() {
  const { t: tc } = useTranslation();
  const toast = useToast();
  const exporter = useExportDocument();
  const [format, setFormat] = useState<DocumentExportFormat | null>(null);

  const download = async (id: number, nextFormat: DocumentExportFormat, title: string) => {
    setFormat(nextFormat);
    try {
      const blob = await exporter.mutateAsync({ id, format: nextFormat, title });
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
  /** The saved item; null for a document that is not saved yet (`onUnsaved` is called instead). */
  id: number | null;
  title: string;
  disabled?: boolean;
  onUnsaved?: (format: DocumentExportFormat) => void;
}

/** 한글 (.hwp) first, then 한글 (.hwpx), DOCX and PDF. */
export function DownloadButtons({ id, title, disabled, onUnsaved }: DownloadButtonsProps) {
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
          onClick={() => {
            if (id === null) onUnsaved?.(format);
            else void download(id, format, title);
          }}
        >
          {t(`download.${format}`)}
        </Button>
      ))}
    </Group>
  );
}

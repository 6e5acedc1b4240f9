import { CloseButton, Loader, Text } from '@mantine/core';
import { IconAlertTriangle, IconFileText } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiBlob } from '../../../lib/api-client';
import { apiErrorMessage } from '../../../lib/api-error-message';
import { type Attachment, type ChatFileRef, fileContentPath, formatBytes, isImageFile } from '../attachments';
import classes from './attachments.module.css';

/** A protected image: fetched with the bearer token and shown through an object URL. */
export function AuthImage({ path, alt, className }: { path: string; alt: string; className?: string }) {
  const [url, setUrl] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    const abort = new AbortController();
    let objectUrl: string | null = null;
    setFailed(false);
    apiBlob(path, { signal: abort.signal })
      .then((blob) => {
        if (abort.signal.aborted) return;
        objectUrl = URL.createObjectURL(blob);
        setUrl(objectUrl);
      })
      .catch(() => {
        if (!abort.signal.aborted) setFailed(true);
      });
    return () => {
      abort.abort();
      if (objectUrl) URL.revokeObjectURL(objectUrl);
      setUrl(null);
    };
  }, [path]);
  if (failed) return <IconAlertTriangle size={20} aria-label={alt} role="img" />;
  if (!url) return <Loader size="xs" type="dots" aria-label={alt} />;
  return <img src={url} alt={alt} className={className} />;
}

/** The composer's chips: name, size, state, remove. */
export function AttachmentChips({
  attachments,
  onRemove,
}: {
  attachments: readonly Attachment[];
  onRemove: (id: string) => void;
}) {
  const { t } = useTranslation('chat');
  const { t: tCommon } = useTranslation();
  if (attachments.length === 0) return null;
  return (
    <ul className={classes.list} aria-label={t('attachments.label')}>
      {attachments.map((a) => (
        <li
          key={a.id}
          className={classes.chip}
          data-failed={a.phase === 'failed' || undefined}
          data-phase={a.phase}
          aria-label={a.name}
        >
          {a.isImage && a.previewUrl ? (
            <img src={a.previewUrl} alt="" className={classes.thumb} />
          ) : (
            <IconFileText size={22} aria-hidden />
          )}
          <div className={classes.meta}>
            <Text size="sm" className={classes.name} title={a.name}>
              {a.name}
            </Text>
            <Text
              size="xs"
              c={a.phase === 'failed' ? 'red' : 'dimmed'}
              role={a.phase === 'failed' ? 'alert' : undefined}
            >
              {a.phase === 'failed'
                ? apiErrorMessage(a.error, tCommon)
                : `${formatBytes(a.file?.bytes ?? a.size)} · ${t(`attachments.phase.${a.phase}`)}`}
              {a.phase === 'uploading' || a.phase === 'processing' ? (
                <Loader size={10} type="dots" ml={4} aria-hidden />
              ) : null}
            </Text>
          </div>
          <CloseButton
            size="sm"
            aria-label={t('attachments.remove', { name: a.name })}
            onClick={() => onRemove(a.id)}
          />
        </li>
      ))}
    </ul>
  );
}

/** A sent message's files: images as thumbnails, documents as chips. */
export function MessageAttachments({ files }: { files: readonly ChatFileRef[] }) {
  const { t } = useTranslation('chat');
  if (files.length === 0) return null;
  return (
    <ul className={classes.list} aria-label={t('attachments.sent')} style={{ marginBottom: '0.5rem' }}>
      {files.map((file) => {
        const name = file.filename ?? file.file_id;
        return (
          <li key={file.file_id}>
            {isImageFile(file.type, file.filename) ? (
              <AuthImage path={fileContentPath(file)} alt={name} className={classes.image} />
            ) : (
              <span className={classes.chip}>
                <IconFileText size={20} aria-hidden />
                <Text size="sm" className={classes.name} title={name}>
                  {name}
                </Text>
              </span>
            )}
          </li>
        );
      })}
    </ul>
  );
}

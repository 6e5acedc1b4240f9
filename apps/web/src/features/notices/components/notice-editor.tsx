import '../../../components/form-styles';
import '@mantine/core/styles/FloatingIndicator.css';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/SegmentedControl.css';
import '@mantine/core/styles/CloseButton.css';
import {
  Alert,
  Button,
  Checkbox,
  Container,
  FileButton,
  Group,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import {
  MAX_NOTICE_ATTACHMENT_BYTES,
  MAX_NOTICE_ATTACHMENTS,
  type NoticeDetail,
  type NoticeScope,
  noticeInputSchema,
} from '@ssaem/contracts/board';
import { IconArrowBackUp, IconPaperclip, IconX } from '@tabler/icons-react';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useToast } from '../../../components/toast/toast-context';
import { isApiError } from '../../../lib/api-client';
import { apiErrorMessage } from '../../../lib/api-error-message';
import { fieldMessage } from '../../../lib/field-messages';
import { fetchPinAvailability, useSaveNotice } from '../api';
import { formatBytes } from '../format';
import { RichTextEditor } from './rich-text-editor';

const MAX_MB = MAX_NOTICE_ATTACHMENT_BYTES / 1024 / 1024;

interface NoticeEditorProps {
  /** The notice being edited; absent for a new one. */
  notice?: NoticeDetail;
  /** The boards the writer may post to (super admins: the service's; school admins: their school's). */
  scopes: readonly NoticeScope[];
  basePath: string;
}

type FieldErrors = Partial<Record<'title' | 'bodyHtml' | 'files' | 'pinned', string>>;

/** Writing and editing a notice: rich text, attachments, pinning (core.md §7 multipart create). */
export function NoticeEditor({ notice, scopes, basePath }: NoticeEditorProps) {
  const { t } = useTranslation('notices');
  const { t: tc } = useTranslation();
  const navigate = useNavigate();
  const toast = useToast();
  const save = useSaveNotice();
  const bodyLabelId = useId();
  const bodyErrorId = useId();
  const [scope, setScope] = useState<NoticeScope>(notice?.scope ?? scopes[0] ?? 'SCHOOL');
  const [title, setTitle] = useState(notice?.title ?? '');
  const [body, setBody] = useState({ html: notice?.bodyHtml ?? '', isEmpty: !notice });
  const [pinned, setPinned] = useState(notice?.pinned ?? false);
  const [pinInfo, setPinInfo] = useState<{ pinned: number; max: number } | null>(null);
  const [files, setFiles] = useState<{ key: string; file: File }[]>([]);
  const [removed, setRemoved] = useState<number[]>([]);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);

  const keptCount = (notice?.attachments.length ?? 0) - removed.length;

  // The box ticks at once; when the board already holds its limit of pinned notices it unticks
  // with the spec's E_ALREADY_FULL message (the server checks again on save).
  const handlePin = async (checked: boolean) => {
    setErrors((current) => ({ ...current, pinned: undefined }));
    setPinned(checked);
    if (!checked || notice?.pinned) return;
    try {
      const availability = await fetchPinAvailability(notice?.scope ?? scope);
      setPinInfo(availability);
      if (!availability.available) {
        setPinned(false);
        setErrors((current) => ({ ...current, pinned: tc('errors.E_ALREADY_FULL') }));
      }
    } catch (error) {
      setPinned(false);
      setErrors((current) => ({ ...current, pinned: apiErrorMessage(error, tc) }));
    }
  };

  const handleFiles = (picked: File[]) => {
    const tooLarge = picked.find((file) => file.size > MAX_NOTICE_ATTACHMENT_BYTES);
    if (tooLarge) {
      setErrors((current) => ({
        ...current,
        files: t('editor.tooLarge', { name: tooLarge.name, size: MAX_MB }),
      }));
      return;
    }
    if (keptCount + files.length + picked.length > MAX_NOTICE_ATTACHMENTS) {
      setErrors((current) => ({ ...current, files: t('editor.tooMany', { count: MAX_NOTICE_ATTACHMENTS }) }));
      return;
    }
    setErrors((current) => ({ ...current, files: undefined }));
    setFiles((current) => [
      ...current,
      ...picked.map((file) => ({
        key: `${file.name}:${file.size}:${file.lastModified}:${Math.random()}`,
        file,
      })),
    ]);
  };

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    // The same schema the server parses, so the form and the server refuse the same input.
    const parsed = noticeInputSchema.safeParse({
      scope,
      title,
      bodyHtml: body.isEmpty ? '' : body.html,
      pinned,
    });
    if (!parsed.success) {
      const next: FieldErrors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        if (field === 'title' || field === 'bodyHtml') next[field] ??= fieldMessage(issue.message);
      }
      setErrors(next);
      return;
    }
    setErrors({});
    const input = parsed.data;
    const onError = (error: unknown) => {
      if (isApiError(error) && error.code === 'E_ALREADY_FULL') {
        setPinned(false);
        setErrors({ pinned: tc('errors.E_ALREADY_FULL') });
        return;
      }
      if (isApiError(error) && error.code === 'E_VALIDATION') {
        const next: FieldErrors = {};
        for (const detail of error.details) {
          if (detail.path === 'title' || detail.path === 'bodyHtml') next[detail.path] = detail.message;
        }
        if (Object.keys(next).length > 0) {
          setErrors(next);
          return;
        }
      }
      setFormError(apiErrorMessage(error, tc));
    };
    const onSuccess = (saved: NoticeDetail) => {
      toast.show(t('editor.saved'));
      void navigate(`${basePath}/${saved.id}`);
    };
    if (notice) {
      save.mutate(
        {
          id: notice.id,
          input: {
            title: input.title,
            bodyHtml: input.bodyHtml,
            pinned: input.pinned,
            ...(removed.length > 0 ? { removeAttachmentIds: removed } : {}),
          },
          files: files.map((entry) => entry.file),
        },
        { onSuccess, onError },
      );
    } else {
      save.mutate({ input, files: files.map((entry) => entry.file) }, { onSuccess, onError });
    }
  };

  return (
    <Container size="md" py="xl">
      <title>{`${notice ? t('editor.editTitle') : t('editor.newTitle')} · ${t('meta')}`}</title>
      <form onSubmit={handleSubmit} aria-label={t('editor.form')} noValidate>
        <Stack gap="lg">
          <Title order={1}>{notice ? t('editor.editTitle') : t('editor.newTitle')}</Title>
          {!notice && scopes.length > 1 && (
            <Stack gap={4}>
              <Text fw={500} size="sm" id={`${bodyLabelId}-scope`}>
                {t('editor.scope')}
              </Text>
              <SegmentedControl
                aria-labelledby={`${bodyLabelId}-scope`}
                value={scope}
                onChange={(value) => {
                  setScope(value as NoticeScope);
                  setPinned(false);
                  setPinInfo(null);
                }}
                data={scopes.map((value) => ({ value, label: t(`editor.scopes.${value}`) }))}
              />
            </Stack>
          )}
          {(notice || scopes.length === 1) && (
            <Text size="sm" c="dimmed">
              {t('editor.scope')}: {t(`editor.scopes.${notice?.scope ?? scope}`)}
            </Text>
          )}
          <TextInput
            label={t('editor.titleLabel')}
            required
            maxLength={200}
            value={title}
            onChange={(event) => setTitle(event.currentTarget.value)}
            error={errors.title}
          />
          <Stack gap={4}>
            <Text fw={500} size="sm" id={bodyLabelId}>
              {t('editor.bodyLabel')}{' '}
              <Text span c="red" aria-hidden>
                *
              </Text>
            </Text>
            <RichTextEditor
              initialHtml={notice?.bodyHtml ?? ''}
              onChange={(html, isEmpty) => setBody({ html, isEmpty })}
              labelId={bodyLabelId}
              invalid={Boolean(errors.bodyHtml)}
              describedBy={errors.bodyHtml ? bodyErrorId : undefined}
            />
            {errors.bodyHtml && (
              <Text c="red" size="sm" id={bodyErrorId}>
                {errors.bodyHtml}
              </Text>
            )}
          </Stack>
          <Stack gap={4}>
            <Checkbox
              label={t('editor.pin')}
              checked={pinned}
              onChange={(event) => void handlePin(event.currentTarget.checked)}
              error={errors.pinned}
            />
            {pinInfo && !errors.pinned && (
              <Text size="xs" c="dimmed">
                {t('editor.pinHint', { max: pinInfo.max, pinned: pinInfo.pinned })}
              </Text>
            )}
          </Stack>
          <Stack gap="xs" component="fieldset" style={{ border: 0, padding: 0, margin: 0 }}>
            <Text component="legend" fw={500} size="sm">
              {t('editor.attachments')}
            </Text>
            <Text size="xs" c="dimmed">
              {t('editor.attachHint', { count: MAX_NOTICE_ATTACHMENTS, size: MAX_MB })}
            </Text>
            {notice?.attachments.map((file) => {
              const isRemoved = removed.includes(file.id);
              return (
                <Group key={file.id} gap="xs" wrap="nowrap">
                  <IconPaperclip size={14} aria-hidden />
                  <Text
                    size="sm"
                    td={isRemoved ? 'line-through' : undefined}
                    style={{ overflowWrap: 'anywhere' }}
                  >
                    {file.fileName}
                  </Text>
                  {isRemoved && (
                    <Text size="xs" c="red">
                      {t('editor.willRemove')}
                    </Text>
                  )}
                  <Button
                    size="compact-xs"
                    variant="subtle"
                    color={isRemoved ? 'gray' : 'red'}
                    leftSection={
                      isRemoved ? <IconArrowBackUp size={12} aria-hidden /> : <IconX size={12} aria-hidden />
                    }
                    aria-label={
                      isRemoved
                        ? t('editor.restoreFile', { name: file.fileName })
                        : t('editor.removeFile', { name: file.fileName })
                    }
                    onClick={() =>
                      setRemoved((current) =>
                        isRemoved ? current.filter((id) => id !== file.id) : [...current, file.id],
                      )
                    }
                  >
                    {isRemoved
                      ? t('editor.restoreFile', { name: '' }).trim()
                      : t('editor.removeFile', { name: '' }).trim()}
                  </Button>
                </Group>
              );
            })}
            {files.map(({ key, file }) => (
              <Group key={key} gap="xs" wrap="nowrap">
                <IconPaperclip size={14} aria-hidden />
                <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {file.name}
                </Text>
                <Text size="xs" c="dimmed">
                  {formatBytes(file.size)}
                </Text>
                <Button
                  size="compact-xs"
                  variant="subtle"
                  color="red"
                  aria-label={t('editor.removeFile', { name: file.name })}
                  onClick={() => setFiles((current) => current.filter((entry) => entry.key !== key))}
                >
                  <IconX size={12} aria-hidden />
                </Button>
              </Group>
            ))}
            <Group>
              <FileButton onChange={handleFiles} multiple>
                {(props) => (
                  <Button {...props} variant="default" leftSection={<IconPaperclip size={16} aria-hidden />}>
                    {t('editor.addFiles')}
                  </Button>
                )}
              </FileButton>
            </Group>
            {errors.files && (
              <Text c="red" size="sm" role="alert">
                {errors.files}
              </Text>
            )}
          </Stack>
          {formError && (
            <Alert color="red" role="alert">
              {formError}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button component={Link} to={notice ? `${basePath}/${notice.id}` : basePath} variant="default">
              {t('editor.cancel')}
            </Button>
            <Button type="submit" loading={save.isPending}>
              {notice ? t('editor.save') : t('editor.publish')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Container>
  );
}

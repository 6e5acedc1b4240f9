import '../../../components/form-styles';
import '@mantine/core/styles/ActionIcon.css';
import '@mantine/core/styles/Image.css';
import '@mantine/core/styles/NumberInput.css';
import {
  ActionIcon,
  Badge,
  Button,
  Card,
  Group,
  Image,
  List,
  NumberInput,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { type LessonResult, lessonResultSaveSchema } from '@ssaem/contracts/lesson';
import {
  IconDownload,
  IconEdit,
  IconPhotoOff,
  IconPlus,
  IconPresentation,
  IconRefresh,
  IconTrash,
} from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams } from 'react-router';
import { GrowingTextarea } from '../../../components/growing-textarea';
import { useToast } from '../../../components/toast/toast-context';
import { apiErrorMessage } from '../../../lib/api-error-message';
import { loadPageTexts } from '../../../lib/i18n';
import {
  useAddLessonItem,
  useDeleteLessonItem,
  useDeleteLessonTypeContent,
  useDownloadLessonHwpx,
  useLesson,
  useRefreshLesson,
  useSaveLesson,
} from '../api';
import {
  type DraftSection,
  type LessonDraft,
  mergeDraft,
  sortedSections,
  toDraft,
  toSavePayload,
} from '../lesson-draft';
import { downloadFileName, saveBlob } from '../save-blob';
import { EngineNotice, type ReadyItem, ToolItemGate } from './tool-item-gate';

// The creation panels are another feature's; the recreate mode (code and texts) loads when opened.
const LessonRecreatePanel = lazy(async () => {
  const [module] = await Promise.all([
    import('../../tools/panel/lesson-recreate-panel'),
    loadPageTexts(['tools']),
  ]);
  return { default: module.LessonRecreatePanel };
});

/** Whether the page sits in the immersive frame, so links stay in the same frame. */
function useIsImmersive(): boolean {
  return useLocation().pathname.startsWith('/immersive/');
}

export function LessonFacts({ result }: { result: LessonResult }) {
  const { t } = useTranslation('toolViews');
  const facts = [
    result.gradeName,
    result.subjectName,
    t('lesson.semester', { semester: result.semester }),
    t('lesson.curriculum', { curriculum: result.curriculum }),
  ].filter(Boolean);
  return (
    <Group gap={6}>
      {facts.map((fact) => (
        <Badge key={fact} variant="light" color="gray" tt="none">
          {fact}
        </Badge>
      ))}
    </Group>
  );
}

export function Standards({ result }: { result: LessonResult }) {
  const { t } = useTranslation('toolViews');
  return (
    <section aria-labelledby="lesson-standards-title">
      <Title order={2} fz="h4" id="lesson-standards-title" mb="xs">
        {t('lesson.standards')}
      </Title>
      {result.standards.length === 0 ? (
        <Text c="dimmed">{t('lesson.noStandards')}</Text>
      ) : (
        <List spacing={4}>
          {result.standards.map((standard) => (
            <List.Item key={standard.code}>
              <Text component="span" fw={600}>
                [{standard.code}]
              </Text>{' '}
              {standard.statement}
            </List.Item>
          ))}
        </List>
      )}
    </section>
  );
}

export function LessonSections({ result }: { result: LessonResult }) {
  const { t } = useTranslation('toolViews');
  return (
    <Stack gap="md">
      {sortedSections(result).map((section) => (
        <Card
          key={section.id}
          withBorder
          radius="lg"
          padding="lg"
          component="section"
          aria-labelledby={`lesson-section-${section.id}`}
        >
          <Title order={3} fz="h4" id={`lesson-section-${section.id}`} mb="sm">
            {section.title}
          </Title>
          {section.items.length === 0 ? (
            <Text c="dimmed">{t('lesson.noItems')}</Text>
          ) : (
            <Stack gap="md" component="ol" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
              {section.items.map((entry) => (
                <li key={entry.id}>
                  <Group gap={6} mb={4}>
                    <Badge variant="light" size="sm" tt="none">
                      {t(`lesson.type.${entry.type}`)}
                    </Badge>
                    {entry.title ? <Text fw={600}>{entry.title}</Text> : null}
                    {entry.minutes !== null ? (
                      <Badge variant="outline" color="gray" size="sm" tt="none">
                        {t('lesson.minutes', { count: entry.minutes })}
                      </Badge>
                    ) : null}
                  </Group>
                  {entry.content ? <Text style={{ whiteSpace: 'pre-wrap' }}>{entry.content}</Text> : null}
                  {entry.imageUrl ? (
                    <Image
                      src={entry.imageUrl}
                      alt={t('lesson.imageAlt', { title: entry.title || section.title })}
                      maw={480}
                      mt="xs"
                      radius="md"
                    />
                  ) : null}
                </li>
              ))}
            </Stack>
          )}
        </Card>
      ))}
    </Stack>
  );
}

function SectionEditor({
  lessonId,
  section,
  number,
  onChange,
  onServerChange,
}: {
  lessonId: number;
  section: DraftSection;
  number: number;
  onChange: (section: DraftSection) => void;
  onServerChange: (result: LessonResult) => void;
}) {
  const { t } = useTranslation('toolViews');
  const { t: tc } = useTranslation();
  const toast = useToast();
  const add = useAddLessonItem();
  const remove = useDeleteLessonItem();
  const sectionName = section.title || t('lesson.sectionTitleLabel', { number });
  const onError = (error: unknown) => toast.show(apiErrorMessage(error, tc));

  const setItem = (itemId: number, patch: Partial<DraftSection['items'][number]>) =>
    onChange({
      ...section,
      items: section.items.map((entry) => (entry.id === itemId ? { ...entry, ...patch } : entry)),
    });

  const handleAdd = () =>
    add.mutate(
      { id: lessonId, sectionId: section.id, type: 'TEXT', title: '', content: '' },
      {
        onSuccess: (lesson) => {
          if (lesson.result) onServerChange(lesson.result);
          toast.show(t('lesson.itemAdded'));
        },
        onError,
      },
    );
  const handleDelete = (itemId: number) =>
    remove.mutate(
      { id: lessonId, itemId },
      {
        onSuccess: (lesson) => {
          if (lesson.result) onServerChange(lesson.result);
          toast.show(t('lesson.itemDeleted'));
        },
        onError,
      },
    );

  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-label={sectionName}>
      <Stack gap="md">
        <TextInput
          label={t('lesson.sectionTitleLabel', { number })}
          value={section.title}
          onChange={(event) => onChange({ ...section, title: event.currentTarget.value })}
        />
        {section.items.map((entry, index) => {
          const labels = { section: sectionName, number: index + 1 };
          return (
            <Stack
              key={entry.id}
              gap="xs"
              pl="md"
              style={{ borderLeft: '3px solid var(--mantine-color-gray-3)' }}
            >
              <Group align="flex-end" wrap="nowrap">
                <Badge variant="light" size="sm" tt="none" mb={8}>
                  {t(`lesson.type.${entry.type}`)}
                </Badge>
                <TextInput
                  label={t('lesson.itemTitleLabel', labels)}
                  value={entry.title}
                  onChange={(event) => setItem(entry.id, { title: event.currentTarget.value })}
                  style={{ flex: 1 }}
                />
                <NumberInput
                  label={t('lesson.itemMinutesLabel', labels)}
                  value={entry.minutes ?? ''}
                  min={0}
                  max={240}
                  allowDecimal={false}
                  allowNegative={false}
                  w={150}
                  onChange={(value) => setItem(entry.id, { minutes: value === '' ? null : Number(value) })}
                />
                <ActionIcon
                  variant="subtle"
                  color="red"
                  size="lg"
                  mb={4}
                  aria-label={t('lesson.deleteItem', labels)}
                  loading={remove.isPending && remove.variables?.itemId === entry.id}
                  onClick={() => handleDelete(entry.id)}
                >
                  <IconTrash size={18} aria-hidden />
                </ActionIcon>
              </Group>
              <GrowingTextarea
                label={t('lesson.itemContentLabel', labels)}
                value={entry.content}
                minRows={2}
                onChange={(event) => setItem(entry.id, { content: event.currentTarget.value })}
              />
            </Stack>
          );
        })}
        <Button
          variant="subtle"
          w="fit-content"
          leftSection={<IconPlus size={16} aria-hidden />}
          loading={add.isPending}
          onClick={handleAdd}
        >
          {t('lesson.addItem', { section: sectionName })}
        </Button>
      </Stack>
    </Card>
  );
}

function LessonEditor({ item, onDone }: { item: ReadyItem<LessonResult>; onDone: () => void }) {
  const { t } = useTranslation('toolViews');
  const { t: tc } = useTranslation();
  const toast = useToast();
  const save = useSaveLesson();
  const [draft, setDraft] = useState<LessonDraft>(() => toDraft(item.title, item.result));
  const [titleError, setTitleError] = useState<string | null>(null);

  const handleSave = () => {
    const parsed = lessonResultSaveSchema.safeParse(toSavePayload(item.id, draft));
    if (!parsed.success) {
      const titleIssue = parsed.error.issues.find((issue) => issue.path[0] === 'title');
      if (titleIssue) setTitleError(t('state.titleRequired'));
      else toast.show(parsed.error.issues[0]?.message ?? tc('errors.COMMON'));
      return;
    }
    save.mutate(toSavePayload(item.id, draft), {
      onSuccess: () => {
        toast.show(t('state.saved'));
        onDone();
      },
      onError: (error) => toast.show(apiErrorMessage(error, tc)),
    });
  };

  return (
    <Stack gap="lg">
      <TextInput
        label={t('state.titleLabel')}
        required
        value={draft.title}
        error={titleError}
        onChange={(event) => {
          const title = event.currentTarget.value;
          setTitleError(null);
          setDraft((d) => ({ ...d, title }));
        }}
      />
      <GrowingTextarea
        label={t('lesson.goalLabel')}
        value={draft.goal}
        minRows={2}
        onChange={(event) => {
          const goal = event.currentTarget.value;
          setDraft((d) => ({ ...d, goal }));
        }}
      />
      <Standards result={item.result} />
      {draft.sections.map((section, index) => (
        <SectionEditor
          key={section.id}
          lessonId={item.id}
          section={section}
          number={index + 1}
          onChange={(next) =>
            setDraft((d) => ({ ...d, sections: d.sections.map((s) => (s.id === next.id ? next : s)) }))
          }
          onServerChange={(result) => setDraft((d) => mergeDraft(d, result))}
        />
      ))}
      <Group>
        <Button onClick={handleSave} loading={save.isPending}>
          {t('state.save')}
        </Button>
        <Button variant="default" onClick={onDone} disabled={save.isPending}>
          {t('state.cancel')}
        </Button>
      </Group>
    </Stack>
  );
}

function LessonToolbar({
  item,
  isEditing,
  onEdit,
  onRecreate,
}: {
  item: ReadyItem<LessonResult>;
  isEditing: boolean;
  onEdit: () => void;
  onRecreate: () => void;
}) {
  const { t } = useTranslation('toolViews');
  const toast = useToast();
  const isImmersive = useIsImmersive();
  const download = useDownloadLessonHwpx();
  const removeType = useDeleteLessonTypeContent();
  const hasPictures = item.result.sections.some((section) =>
    section.items.some((entry) => entry.type === 'IMAGE'),
  );

  const handleRemovePictures = () =>
    removeType.mutate(
      { id: item.id, type: 'IMAGE' },
      {
        onSuccess: () => toast.show(t('lesson.picturesRemoved')),
        onError: () => toast.show(t('lesson.picturesRemoveFailed')),
      },
    );

  const handleDownload = () =>
    download.mutate(item.id, {
      // The server names the file after the title; the blob helper does not pass its headers on.
      onSuccess: (blob) => saveBlob(blob, downloadFileName(item.title, 'hwp')),
      onError: () => toast.show(t('lesson.downloadFailed')),
    });

  return (
    <Group gap="sm">
      {item.abilities.edit && !isEditing ? (
        <>
          <Button variant="default" leftSection={<IconEdit size={16} aria-hidden />} onClick={onEdit}>
            {t('state.edit')}
          </Button>
          <Button variant="default" leftSection={<IconRefresh size={16} aria-hidden />} onClick={onRecreate}>
            {t('lesson.recreate')}
          </Button>
          {hasPictures ? (
            <Button
              variant="default"
              leftSection={<IconPhotoOff size={16} aria-hidden />}
              loading={removeType.isPending}
              onClick={handleRemovePictures}
            >
              {t('lesson.removePictures')}
            </Button>
          ) : null}
        </>
      ) : null}
      <Button
        variant="default"
        component={Link}
        to={isImmersive ? `/immersive/lesson-slide/${item.id}` : `/tool/lesson-slide/${item.id}`}
        leftSection={<IconPresentation size={16} aria-hidden />}
      >
        {t('lesson.slides')}
      </Button>
      <Button
        variant="light"
        leftSection={<IconDownload size={16} aria-hidden />}
        loading={download.isPending}
        onClick={handleDownload}
      >
        {t('lesson.download')}
      </Button>
    </Group>
  );
}

function LessonPlan({ item, onRecreate }: { item: ReadyItem<LessonResult>; onRecreate: () => void }) {
  const { t } = useTranslation('toolViews');
  const [isEditing, setIsEditing] = useState(false);
  const { result } = item;

  return (
    <Stack gap="lg">
      <title>{t('lesson.meta', { title: item.title })}</title>
      <Stack gap="xs">
        <Title order={1} style={{ overflowWrap: 'anywhere' }}>
          {item.title}
        </Title>
        <LessonFacts result={result} />
      </Stack>
      <LessonToolbar
        item={item}
        isEditing={isEditing}
        onEdit={() => setIsEditing(true)}
        onRecreate={onRecreate}
      />
      <EngineNotice notice={result.notice} />
      <EngineNotice notice={result.images.notice} />
      {isEditing ? (
        <LessonEditor item={item} onDone={() => setIsEditing(false)} />
      ) : (
        <>
          <section aria-labelledby="lesson-goal-title">
            <Title order={2} fz="h4" id="lesson-goal-title" mb="xs">
              {t('lesson.goal')}
            </Title>
            <Text style={{ whiteSpace: 'pre-wrap' }}>{result.goal}</Text>
          </section>
          <Standards result={result} />
          <section aria-labelledby="lesson-sections-title">
            <Title order={2} fz="h4" id="lesson-sections-title" mb="sm">
              {t('lesson.sections')}
            </Title>
            <LessonSections result={result} />
          </section>
        </>
      )}
    </Stack>
  );
}

/** /immersive/create-lesson/{id} and /tool/lesson-plan/{id}: the lesson plan, its editing and export. */
export function LessonPlanPage() {
  const { t } = useTranslation('toolViews');
  const params = useParams();
  const id = Number(params.id);
  const query = useLesson(id);
  const refresh = useRefreshLesson();
  const [recreate, setRecreate] = useState<'closed' | 'open' | 'loaded'>('closed');
  return (
    <div style={{ maxWidth: 960, margin: '0 auto' }}>
      <ToolItemGate<LessonResult>
        id={id}
        query={query}
        messages={{
          loadFailed: t('lesson.loadFailed'),
          generationFailed: (message) => t('lesson.generationFailed', { message }),
          noData: t('lesson.noData'),
        }}
      >
        {(item) => <LessonPlan key={item.id} item={item} onRecreate={() => setRecreate('open')} />}
      </ToolItemGate>
      {/* Outside the gate: re-making sections marks the lesson as generating, and the panel must
          stay mounted through that until it reports back. */}
      {recreate === 'closed' ? null : (
        <Suspense fallback={null}>
          <LessonRecreatePanel
            lessonId={id}
            opened={recreate === 'open'}
            onClose={() => setRecreate('loaded')}
            onDone={() => {
              setRecreate('loaded');
              void refresh(id);
            }}
          />
        </Suspense>
      )}
    </div>
  );
}

import '@mantine/core/styles/Kbd.css';
import '../../../components/form-styles';
import {
  Alert,
  Anchor,
  Badge,
  Group,
  Kbd,
  ScrollArea,
  Select,
  Skeleton,
  Stack,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { RECORD_AREA_INFO, type RecordArea, type StudentRecord } from '@ssaem/contracts/student-records';
import { IconArrowLeft } from '@tabler/icons-react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { errorText } from '../../classes/error-text';
import { useClassRecords, useRecordItems, useSaveRecord } from '../api';
import { AreaEditor } from './area-editor';

interface AreaSlot {
  key: string;
  area: RecordArea;
  subject: string;
}

const FIXED_AREAS: RecordArea[] = ['BEHAVIOR', 'AUTONOMY', 'CLUB', 'CAREER'];

function slotKey(area: RecordArea, subject: string): string {
  return `${area}:${subject}`;
}

/** The areas shown for a pupil: 행동특성 first, the subjects written or added, then 창의적 체험활동. */
function slotsFor(records: StudentRecord[], addedSubjects: string[]): AreaSlot[] {
  const subjects = [
    ...new Set([...records.filter((r) => r.area === 'SUBJECT').map((r) => r.subject), ...addedSubjects]),
  ];
  return [
    { key: slotKey('BEHAVIOR', ''), area: 'BEHAVIOR', subject: '' },
    ...subjects.map((subject) => ({ key: slotKey('SUBJECT', subject), area: 'SUBJECT' as const, subject })),
    ...FIXED_AREAS.slice(1).map((area) => ({ key: slotKey(area, ''), area, subject: '' })),
  ];
}

/**
 * /my-class/{classroomId}/records: the student-record workspace. Pupils down the side, the chosen
 * pupil's areas with byte meters and checks, AI drafts to accept or reject, saving with a saved
 * indicator; Alt+↓ / Alt+↑ move to the next or previous pupil (saving first), Ctrl+S saves.
 */
export function RecordsWorkspacePage() {
  const { t, i18n } = useTranslation('records');
  const { t: tc } = useTranslation();
  const classroomId = Number(useParams().classroomId);
  const records = useClassRecords(classroomId);
  const items = useRecordItems(classroomId);
  const save = useSaveRecord(classroomId);
  const [index, setIndex] = useState(0);
  const [texts, setTexts] = useState<Record<string, string>>({});
  const [savingKey, setSavingKey] = useState<string | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [addedSubjects, setAddedSubjects] = useState<Record<number, string[]>>({});
  const students = records.data?.students ?? [];
  const student = students[Math.min(index, Math.max(0, students.length - 1))];
  const language = i18n.language === 'en' ? 'en' : 'ko';

  const savedByKey = useMemo(() => {
    const map = new Map<string, StudentRecord>();
    for (const record of student?.records ?? []) map.set(slotKey(record.area, record.subject), record);
    return map;
  }, [student]);
  const slots = useMemo(
    () => (student ? slotsFor(student.records, addedSubjects[student.id] ?? []) : []),
    [student, addedSubjects],
  );
  const textOf = useCallback(
    (key: string) => texts[key] ?? savedByKey.get(key)?.content ?? '',
    [texts, savedByKey],
  );
  const dirtyKeys = slots
    .map((slot) => slot.key)
    .filter((key) => textOf(key) !== (savedByKey.get(key)?.content ?? ''));

  const saveSlot = useCallback(
    async (slot: AreaSlot) => {
      if (!student) return;
      setSavingKey(slot.key);
      setErrors((current) => ({ ...current, [slot.key]: '' }));
      try {
        await save.mutateAsync({
          id: savedByKey.get(slot.key)?.id ?? null,
          studentId: student.id,
          area: slot.area,
          subject: slot.subject,
          content: textOf(slot.key),
        });
      } catch (caught) {
        setErrors((current) => ({ ...current, [slot.key]: errorText(caught, tc) }));
        throw caught;
      } finally {
        setSavingKey(null);
      }
    },
    [student, save, savedByKey, textOf, tc],
  );

  const saveDirty = useCallback(async () => {
    for (const slot of slots.filter((s) => dirtyKeys.includes(s.key))) await saveSlot(slot);
  }, [slots, dirtyKeys, saveSlot]);

  const move = useCallback(
    async (to: number) => {
      if (to < 0 || to >= students.length || to === index) return;
      try {
        await saveDirty();
      } catch {
        return;
      }
      setTexts({});
      setIndex(to);
    },
    [students.length, index, saveDirty],
  );

  // The handler reads the latest state through a ref, so the listener is added once.
  const keys = useRef({ move, saveDirty, index });
  keys.current = { move, saveDirty, index };
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.altKey && (event.key === 'ArrowDown' || event.key === 'ArrowUp')) {
        event.preventDefault();
        void keys.current.move(keys.current.index + (event.key === 'ArrowDown' ? 1 : -1));
      } else if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 's') {
        event.preventDefault();
        void keys.current.saveDirty().catch(() => undefined);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  if (records.isPending || items.isPending) return <Skeleton h={320} />;
  if (records.error) {
    return (
      <Alert color="red" role="alert">
        {errorText(records.error, tc)}
      </Alert>
    );
  }

  const limits = new Map((items.data?.areas ?? []).map((area) => [area.area, area.byteLimit]));
  const labelOf = (slot: AreaSlot) =>
    `${RECORD_AREA_INFO[slot.area][language]}${slot.subject ? ` · ${slot.subject}` : ''}`;
  const unusedSubjects = (items.data?.subjects ?? []).filter(
    (s) => !slots.some((slot) => slot.subject === s),
  );

  const studentList = (
    <Stack gap={2} component="nav" aria-label={t('workspace.students')}>
      {students.map((s, i) => (
        <UnstyledButton
          key={s.id}
          onClick={() => void move(i)}
          aria-current={i === index ? 'true' : undefined}
          px="sm"
          py={6}
          style={{
            borderRadius: 8,
            background: i === index ? 'var(--mantine-color-blue-light)' : undefined,
          }}
        >
          <Group gap="xs" wrap="nowrap" justify="space-between">
            <Text size="sm" translate="no">
              {s.number}. {s.name}
            </Text>
            {s.records.length > 0 && (
              <Badge size="xs" variant="light" color="teal">
                {s.records.length}
              </Badge>
            )}
          </Group>
        </UnstyledButton>
      ))}
    </Stack>
  );

  return (
    <Stack gap="md">
      <title>{t('workspace.meta')}</title>
      <Group justify="space-between" align="flex-end">
        <div>
          <Anchor component={Link} to="/my-class" size="sm">
            <Group gap={4}>
              <IconArrowLeft size={14} aria-hidden />
              {t('workspace.back')}
            </Group>
          </Anchor>
          <Title order={1}>{t('workspace.title')}</Title>
        </div>
        <Text size="sm" c="dimmed" visibleFrom="sm">
          <Kbd>Alt</Kbd> + <Kbd>↓</Kbd> / <Kbd>↑</Kbd> {t('workspace.keysMove')} · <Kbd>Ctrl</Kbd> +{' '}
          <Kbd>S</Kbd> {t('workspace.keysSave')}
        </Text>
      </Group>
      {students.length === 0 ? (
        <Text c="dimmed">{t('workspace.noStudents')}</Text>
      ) : (
        <Group align="flex-start" wrap="nowrap" gap="lg">
          <ScrollArea.Autosize mah="75vh" w={200} visibleFrom="sm" style={{ flexShrink: 0 }}>
            {studentList}
          </ScrollArea.Autosize>
          <Stack gap="md" style={{ flex: 1, minWidth: 0 }}>
            <Select
              hiddenFrom="sm"
              label={t('workspace.students')}
              data={students.map((s, i) => ({ value: String(i), label: `${s.number}. ${s.name}` }))}
              value={String(index)}
              onChange={(value) => void move(Number(value))}
              allowDeselect={false}
            />
            {student && (
              <Group justify="space-between">
                <Title order={2} fz="h3" translate="no">
                  {t('workspace.student', { number: student.number, name: student.name })}
                </Title>
                <Text size="sm" c={dirtyKeys.length ? 'orange' : 'dimmed'} aria-live="polite">
                  {dirtyKeys.length
                    ? t('save.unsavedCount', { count: dirtyKeys.length })
                    : t('save.allSaved')}
                </Text>
              </Group>
            )}
            {student &&
              slots.map((slot) => {
                const saved = savedByKey.get(slot.key);
                return (
                  <AreaEditor
                    key={`${student.id}-${slot.key}`}
                    studentId={student.id}
                    area={slot.area}
                    subject={slot.subject}
                    label={labelOf(slot)}
                    byteLimit={limits.get(slot.area) ?? RECORD_AREA_INFO[slot.area].charLimit * 3}
                    value={textOf(slot.key)}
                    savedValue={saved?.content ?? ''}
                    savedAt={saved?.updatedAt ?? null}
                    saving={savingKey === slot.key}
                    saveError={errors[slot.key] || null}
                    canEdit={saved ? saved.abilities.edit : true}
                    onChange={(text) => setTexts((current) => ({ ...current, [slot.key]: text }))}
                    onSave={() => void saveSlot(slot).catch(() => undefined)}
                  />
                );
              })}
            {student && unusedSubjects.length > 0 && (
              <Select
                label={t('workspace.addSubject')}
                placeholder={t('workspace.addSubjectHint')}
                data={unusedSubjects}
                value={null}
                onChange={(subject) => {
                  if (!subject) return;
                  setAddedSubjects((current) => ({
                    ...current,
                    [student.id]: [...(current[student.id] ?? []), subject],
                  }));
                }}
                w={260}
              />
            )}
          </Stack>
        </Group>
      )}
    </Stack>
  );
}

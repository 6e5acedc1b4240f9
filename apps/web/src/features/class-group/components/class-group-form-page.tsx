import '@mantine/core/styles/FloatingIndicator.css';
import '@mantine/core/styles/SegmentedControl.css';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Switch.css';
import '@mantine/core/styles/NumberInput.css';
import '@mantine/core/styles/ActionIcon.css';
import '../../../components/form-styles';
import {
  ActionIcon,
  Alert,
  Button,
  Card,
  Group,
  List,
  NumberInput,
  SegmentedControl,
  Select,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import type { ClassGroupConstraints } from '@ssaem/contracts/class-group';
import { IconInfoCircle, IconSparkles, IconX } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { GrowingTextarea } from '../../../components/growing-textarea';
import { isApiError } from '../../../lib/api-client';
import { useClassrooms, useStudents } from '../../classes/api';
import {
  type ClassGroupForm,
  listAsText,
  parsePastedList,
  useClassGroup,
  useCreateClassGroup,
  useParseConstraints,
  useRecreateClassGroup,
} from '../api';

const DEFAULT_CONSTRAINTS: ClassGroupConstraints = {
  groupSize: 4,
  mixGender: true,
  spreadLevel: false,
  apart: [],
  together: [],
};

/** /tool/class-group (?recreate=<id> reopens that item's form, prefilled, to make the groups again). */
export function ClassGroupFormPage() {
  const { t } = useTranslation('classGroup');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const recreateId = Number(params.get('recreate') ?? 0);
  const previous = useClassGroup(recreateId);
  const classrooms = useClassrooms();
  const create = useCreateClassGroup();
  const recreate = useRecreateClassGroup();
  const parse = useParseConstraints();

  const [title, setTitle] = useState('');
  const [source, setSource] = useState<'paste' | 'class'>('paste');
  const [classroomId, setClassroomId] = useState<string | null>(null);
  const [listText, setListText] = useState('');
  const [request, setRequest] = useState('');
  const [constraints, setConstraints] = useState<ClassGroupConstraints>(DEFAULT_CONSTRAINTS);
  const [understood, setUnderstood] = useState<{ lines: string[]; engine: string } | null>(null);
  const [accessLevel, setAccessLevel] = useState<ClassGroupForm['accessLevel']>('PRIVATE');
  const [error, setError] = useState<string | null>(null);
  const [pairDraft, setPairDraft] = useState<{
    a: string | null;
    b: string | null;
    kind: 'together' | 'apart';
  }>({
    a: null,
    b: null,
    kind: 'apart',
  });

  // Recreate: the whole form as it was.
  const loaded = previous.data?.input;
  useEffect(() => {
    if (!loaded) return;
    setTitle(loaded.title);
    setRequest(loaded.request ?? '');
    setConstraints({ ...DEFAULT_CONSTRAINTS, ...loaded.constraints });
    setAccessLevel(loaded.accessLevel ?? 'PRIVATE');
    if (loaded.classroomId) {
      setSource('class');
      setClassroomId(String(loaded.classroomId));
    } else {
      setListText(listAsText(loaded.students));
    }
  }, [loaded]);

  const roster = useStudents(source === 'class' && classroomId ? Number(classroomId) : null);
  const students =
    source === 'paste'
      ? parsePastedList(listText)
      : (roster.data ?? []).map((s) => ({ name: s.name, gender: s.gender, level: null }));
  const names = students.map((s) => s.name);
  const ready = title.trim().length > 0 && (source === 'class' ? Boolean(classroomId) : students.length >= 2);
  const busy = create.isPending || recreate.isPending;

  const readSentence = () => {
    parse.mutate(
      { text: request, names },
      {
        onSuccess: (result) => {
          setConstraints((current) => ({
            ...result.constraints,
            apart: mergePairs(current.apart, result.constraints.apart),
            together: mergePairs(current.together, result.constraints.together),
          }));
          setUnderstood({ lines: result.understood, engine: result.engine });
        },
      },
    );
  };

  const submit = () => {
    setError(null);
    const form: ClassGroupForm = {
      title: title.trim(),
      classroomId: source === 'class' && classroomId ? Number(classroomId) : null,
      students: source === 'paste' ? students : [],
      constraints,
      request,
      accessLevel,
      editable: true,
    };
    const onError = (failure: unknown) =>
      setError(isApiError(failure) ? (failure.details?.[0]?.message ?? failure.message) : t('form.failed'));
    if (recreateId > 0) {
      recreate.mutate(
        { id: recreateId, input: form },
        { onSuccess: ({ id }) => navigate(`/tool/class-group/${id}`), onError },
      );
    } else {
      create.mutate(form, { onSuccess: ({ id }) => navigate(`/tool/class-group/${id}`), onError });
    }
  };

  const pairList = (kind: 'together' | 'apart') =>
    constraints[kind].map(([a, b]) => (
      <Group key={`${kind}-${a}-${b}`} gap={4} wrap="nowrap">
        <Text size="sm">{t(kind === 'together' ? 'form.pairTogether' : 'form.pairApart', { a, b })}</Text>
        <ActionIcon
          variant="subtle"
          size="sm"
          aria-label={t('form.removePair', { a, b })}
          onClick={() =>
            setConstraints((c) => ({ ...c, [kind]: c[kind].filter(([x, y]) => !(x === a && y === b)) }))
          }
        >
          <IconX size={14} aria-hidden />
        </ActionIcon>
      </Group>
    ));

  return (
    <Stack gap="lg" maw={880} mx="auto" p={{ base: 'sm', sm: 'md' }}>
      <title>{t('form.meta')}</title>
      <Title order={1}>{recreateId > 0 ? t('form.recreateTitle') : t('form.title')}</Title>
      <Text c="dimmed">{t('form.intro')}</Text>
      <Card withBorder radius="lg" padding="lg">
        <Stack gap="md">
          <TextInput
            label={t('form.name')}
            placeholder={t('form.namePlaceholder')}
            value={title}
            onChange={(event) => setTitle(event.currentTarget.value)}
            required
          />
          <SegmentedControl
            value={source}
            onChange={(value) => setSource(value as 'paste' | 'class')}
            data={[
              { value: 'paste', label: t('form.sourcePaste') },
              { value: 'class', label: t('form.sourceClass') },
            ]}
            aria-label={t('form.source')}
          />
          {source === 'class' ? (
            <Select
              label={t('form.classroom')}
              placeholder={t('form.classroomPlaceholder')}
              data={(classrooms.data ?? []).map((c) => ({ value: String(c.id), label: c.label }))}
              value={classroomId}
              onChange={setClassroomId}
              nothingFoundMessage={t('form.noClassrooms')}
            />
          ) : (
            <GrowingTextarea
              label={t('form.list')}
              description={t('form.listHelp')}
              placeholder={t('form.listPlaceholder')}
              minRows={6}
              maxRows={16}
              value={listText}
              onChange={(event) => setListText(event.currentTarget.value)}
            />
          )}
          {source === 'paste' && students.length > 0 ? (
            <Text size="sm" c="dimmed" data-testid="student-count">
              {t('form.count', { count: students.length })}
            </Text>
          ) : null}
        </Stack>
      </Card>
      <Card withBorder radius="lg" padding="lg">
        <Stack gap="md">
          <Title order={2} fz="h4">
            {t('form.constraints')}
          </Title>
          <GrowingTextarea
            label={t('form.request')}
            description={t('form.requestHelp')}
            placeholder={t('form.requestPlaceholder')}
            minRows={2}
            value={request}
            onChange={(event) => setRequest(event.currentTarget.value)}
          />
          <Group>
            <Button
              variant="light"
              leftSection={<IconSparkles size={16} aria-hidden />}
              onClick={readSentence}
              loading={parse.isPending}
              disabled={!request.trim()}
            >
              {t('form.read')}
            </Button>
          </Group>
          {understood ? (
            <Alert color="blue" variant="light" icon={<IconInfoCircle size={18} aria-hidden />}>
              <Text size="sm" fw={600}>
                {understood.engine === 'rules' ? t('form.readByRules') : t('form.readByModel')}
              </Text>
              <List size="sm">
                {understood.lines.map((line) => (
                  <List.Item key={line}>{line}</List.Item>
                ))}
              </List>
            </Alert>
          ) : null}
          <Group grow align="flex-start">
            <NumberInput
              label={t('form.groupSize')}
              min={2}
              max={8}
              value={constraints.groupSize}
              onChange={(value) => setConstraints((c) => ({ ...c, groupSize: Number(value) || 4 }))}
            />
          </Group>
          <Switch
            label={t('form.mixGender')}
            checked={constraints.mixGender}
            onChange={(event) => {
              const checked = event.currentTarget.checked;
              setConstraints((c) => ({ ...c, mixGender: checked }));
            }}
          />
          <Switch
            label={t('form.spreadLevel')}
            checked={constraints.spreadLevel}
            onChange={(event) => {
              const checked = event.currentTarget.checked;
              setConstraints((c) => ({ ...c, spreadLevel: checked }));
            }}
          />
          {names.length >= 2 ? (
            <Group align="flex-end" wrap="wrap">
              <Select
                label={t('form.pairA')}
                data={names}
                value={pairDraft.a}
                onChange={(a) => setPairDraft((d) => ({ ...d, a }))}
                searchable
                w={140}
              />
              <Select
                label={t('form.pairB')}
                data={names}
                value={pairDraft.b}
                onChange={(b) => setPairDraft((d) => ({ ...d, b }))}
                searchable
                w={140}
              />
              <SegmentedControl
                value={pairDraft.kind}
                onChange={(kind) => setPairDraft((d) => ({ ...d, kind: kind as 'together' | 'apart' }))}
                data={[
                  { value: 'apart', label: t('form.apart') },
                  { value: 'together', label: t('form.together') },
                ]}
              />
              <Button
                variant="default"
                disabled={!pairDraft.a || !pairDraft.b || pairDraft.a === pairDraft.b}
                onClick={() => {
                  const { a, b, kind } = pairDraft;
                  if (!a || !b) return;
                  setConstraints((c) => ({ ...c, [kind]: mergePairs(c[kind], [[a, b]]) }));
                  setPairDraft({ a: null, b: null, kind });
                }}
              >
                {t('form.addPair')}
              </Button>
            </Group>
          ) : null}
          <Stack gap={4} data-testid="pairs">
            {pairList('together')}
            {pairList('apart')}
          </Stack>
          <Select
            label={t('form.accessLevel')}
            value={accessLevel}
            onChange={(value) => setAccessLevel((value as ClassGroupForm['accessLevel']) ?? 'PRIVATE')}
            data={[
              { value: 'PRIVATE', label: t('form.private') },
              { value: 'SCHOOL', label: t('form.school') },
              { value: 'PUBLIC', label: t('form.public') },
            ]}
            description={t('form.accessHelp')}
          />
        </Stack>
      </Card>
      {error ? (
        <Alert color="red" variant="light" role="alert">
          {error}
        </Alert>
      ) : null}
      <Group justify="flex-end">
        <Button size="md" onClick={submit} disabled={!ready} loading={busy}>
          {recreateId > 0 ? t('form.submitRecreate') : t('form.submit')}
        </Button>
      </Group>
    </Stack>
  );
}

function mergePairs(current: [string, string][], added: [string, string][]): [string, string][] {
  const merged = [...current];
  for (const [a, b] of added) {
    if (!merged.some(([x, y]) => (x === a && y === b) || (x === b && y === a))) merged.push([a, b]);
  }
  return merged;
}

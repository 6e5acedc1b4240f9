import '@mantine/core/styles/FloatingIndicator.css';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/NumberInput.css';
import '@mantine/core/styles/Radio.css';
import '@mantine/core/styles/SegmentedControl.css';
import '../../../components/form-styles';
import {
  Alert,
  Button,
  Card,
  Checkbox,
  FileInput,
  Group,
  NumberInput,
  Radio,
  ScrollArea,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { QUIZ_KINDS, type QuizCounts } from '@ssaem/contracts/quiz-tool';
import { IconUpload } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { GrowingTextarea } from '../../../components/growing-textarea';
import { isApiError } from '../../../lib/api-client';
import { useCodes } from '../../library/api';
import { GradeSelect, SubjectSelect } from '../../tools/panel/grade-subject-select';
import { type QuizForm, useQuizItem, useSubjectStandards, useSubmitQuiz } from '../api';

const DEFAULT_COUNTS: QuizCounts = { choice: 3, short: 2, ox: 2, matching: 1, essay: 1 };
const MAX_COUNTS: QuizCounts = { choice: 15, short: 10, ox: 10, matching: 3, essay: 5 };

/** /tool/quiz: 형성평가 or 학습지 from standards and the teacher's material; ?recreate=<id> reopens its form. */
export function QuizFormPage() {
  const { t } = useTranslation('quizTool');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const recreateId = Number(params.get('recreate') ?? 0);
  const previous = useQuizItem(recreateId);
  const submit = useSubmitQuiz();
  const [title, setTitle] = useState('');
  const [purpose, setPurpose] = useState<QuizForm['purpose']>('QUIZ');
  const [gradeSeq, setGradeSeq] = useState<number | null>(null);
  const [subjectSeq, setSubjectSeq] = useState<number | null>(null);
  const [unit, setUnit] = useState('');
  const [curriculum, setCurriculum] = useState<2015 | 2022>(2022);
  const [codes, setCodes] = useState<string[]>([]);
  const [material, setMaterial] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [counts, setCounts] = useState<QuizCounts>(DEFAULT_COUNTS);
  const [choiceOptions, setChoiceOptions] = useState<4 | 5>(4);
  const [difficulty, setDifficulty] = useState<QuizForm['difficulty']>('MIXED');
  const [settings, setSettings] = useState<Pick<QuizForm, 'accessLevel' | 'editable'>>({
    accessLevel: 'PUBLIC',
    editable: true,
  });
  const [error, setError] = useState<string | null>(null);

  const loaded = previous.data?.input;
  useEffect(() => {
    if (!loaded) return;
    setTitle(loaded.title);
    setPurpose(loaded.purpose);
    setGradeSeq(loaded.gradeSeq);
    setSubjectSeq(loaded.subjectSeq);
    setUnit(loaded.unit);
    setCurriculum(loaded.curriculum);
    setCodes(loaded.standardCodes);
    setMaterial(loaded.material);
    setCounts(loaded.counts);
    setChoiceOptions(loaded.choiceOptions);
    setDifficulty(loaded.difficulty);
    setSettings({ accessLevel: loaded.accessLevel, editable: loaded.editable });
  }, [loaded]);

  const subjects = useCodes('SUBJECT', gradeSeq ?? undefined);
  const subjectName = subjects.data?.find((s) => s.codeSeq === subjectSeq)?.name ?? null;
  const standards = useSubjectStandards(curriculum, gradeSeq, subjectName);
  const list = standards.data?.items ?? [];
  const keyword = unit.trim();
  // The unit's own standards first, so a long subject list does not hide them.
  const shown = keyword
    ? [...list.filter((s) => s.area?.includes(keyword)), ...list.filter((s) => !s.area?.includes(keyword))]
    : list;
  const total = Object.values(counts).reduce((a, b) => a + b, 0);
  const ready =
    title.trim() &&
    gradeSeq &&
    subjectSeq &&
    total > 0 &&
    (codes.length > 0 || material.trim() || file || loaded?.fileNames.length);

  const send = () => {
    if (!gradeSeq || !subjectSeq) return;
    setError(null);
    const form: QuizForm = {
      title: title.trim(),
      purpose,
      gradeSeq,
      subjectSeq,
      unit: unit.trim(),
      curriculum,
      standardCodes: codes,
      material,
      counts,
      choiceOptions,
      difficulty,
      ...settings,
    };
    submit.mutate(
      { ...(recreateId > 0 ? { id: recreateId } : {}), form, file },
      {
        onSuccess: ({ id }) => navigate(`/tool/quiz/${id}`),
        onError: (failure) =>
          setError(
            isApiError(failure) ? (failure.details?.[0]?.message ?? failure.message) : t('form.failed'),
          ),
      },
    );
  };

  return (
    <Stack gap="lg" maw={920} mx="auto" p={{ base: 'sm', sm: 'md' }}>
      <title>{t('form.meta')}</title>
      <Title order={1}>{recreateId > 0 ? t('form.recreateTitle') : t('form.title')}</Title>
      <Text c="dimmed">{t('form.intro')}</Text>
      <Card withBorder radius="lg" padding="lg">
        <Stack gap="md">
          <TextInput
            label={t('form.name')}
            required
            value={title}
            onChange={(event) => setTitle(event.currentTarget.value)}
          />
          <Radio.Group
            label={t('form.purpose')}
            value={purpose}
            onChange={(value) => setPurpose(value as QuizForm['purpose'])}
          >
            <Group mt={6}>
              <Radio value="QUIZ" label={t('form.purposes.QUIZ')} />
              <Radio value="WORKSHEET" label={t('form.purposes.WORKSHEET')} />
            </Group>
          </Radio.Group>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <GradeSelect
              required
              value={gradeSeq}
              onChange={(code) => {
                setGradeSeq(code?.codeSeq ?? null);
                setSubjectSeq(null);
                setCodes([]);
              }}
            />
            <SubjectSelect
              required
              gradeSeq={gradeSeq}
              value={subjectSeq}
              onChange={(code) => {
                setSubjectSeq(code?.codeSeq ?? null);
                setCodes([]);
              }}
            />
          </SimpleGrid>
          <TextInput
            label={t('form.unit')}
            placeholder={t('form.unitPlaceholder')}
            value={unit}
            onChange={(event) => setUnit(event.currentTarget.value)}
          />
          <Stack gap={4}>
            <Text size="sm" fw={500}>
              {t('form.curriculum')}
            </Text>
            <SegmentedControl
              value={String(curriculum)}
              onChange={(value) => {
                setCurriculum(Number(value) as 2015 | 2022);
                setCodes([]);
              }}
              data={[
                { value: '2022', label: t('form.c2022') },
                { value: '2015', label: t('form.c2015') },
              ]}
              aria-label={t('form.curriculum')}
            />
          </Stack>
          <Checkbox.Group
            label={t('form.standards')}
            description={subjectName ? t('form.standardsHelp') : t('form.standardsHint')}
            value={codes}
            onChange={setCodes}
          >
            {subjectName && !standards.isPending && list.length === 0 ? (
              <Text size="sm" c="dimmed" mt="xs">
                {t('form.noStandards')}
              </Text>
            ) : null}
            {list.length > 0 ? (
              <ScrollArea.Autosize mah={260} mt="xs" type="auto">
                <Stack gap={6} data-testid="standard-options">
                  {shown.map((standard) => (
                    <Checkbox
                      key={standard.code}
                      value={standard.code}
                      label={`${standard.code} ${standard.statement}`}
                    />
                  ))}
                </Stack>
              </ScrollArea.Autosize>
            ) : null}
          </Checkbox.Group>
          <GrowingTextarea
            label={t('form.material')}
            description={t('form.materialHelp')}
            minRows={5}
            maxRows={16}
            value={material}
            onChange={(event) => setMaterial(event.currentTarget.value)}
          />
          <FileInput
            label={t('form.file')}
            description={t('form.fileHelp')}
            accept=".hwp,.hwpx,.docx,.pdf,.txt"
            placeholder={t('form.filePlaceholder')}
            leftSection={<IconUpload size={16} aria-hidden />}
            clearable
            value={file}
            onChange={setFile}
          />
          {loaded?.fileNames.length ? (
            <Text size="sm" c="dimmed">
              {t('form.keptFiles', { names: loaded.fileNames.join(', ') })}
            </Text>
          ) : null}
        </Stack>
      </Card>
      <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="quiz-counts-title">
        <Title order={2} fz="h4" id="quiz-counts-title" mb="sm">
          {t('form.counts', { total })}
        </Title>
        <SimpleGrid cols={{ base: 2, sm: 5 }}>
          {QUIZ_KINDS.map((kind) => (
            <NumberInput
              key={kind}
              label={t(`kinds.${kind}`)}
              min={0}
              max={MAX_COUNTS[kind]}
              clampBehavior="strict"
              allowDecimal={false}
              value={counts[kind]}
              onChange={(value) =>
                setCounts((c) => ({ ...c, [kind]: typeof value === 'number' ? value : 0 }))
              }
            />
          ))}
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 2 }} mt="md">
          <Radio.Group
            label={t('form.choiceOptions')}
            value={String(choiceOptions)}
            onChange={(value) => setChoiceOptions(Number(value) as 4 | 5)}
          >
            <Group mt={6}>
              <Radio value="4" label={t('form.options', { count: 4 })} />
              <Radio value="5" label={t('form.options', { count: 5 })} />
            </Group>
          </Radio.Group>
          <Radio.Group
            label={t('form.difficulty')}
            value={difficulty}
            onChange={(value) => setDifficulty(value as QuizForm['difficulty'])}
          >
            <Group mt={6}>
              <Radio value="MIXED" label={t('form.mixed')} />
              <Radio value="하" label={t('levels.하')} />
              <Radio value="중" label={t('levels.중')} />
              <Radio value="상" label={t('levels.상')} />
            </Group>
          </Radio.Group>
        </SimpleGrid>
      </Card>
      {error ? (
        <Alert color="red" variant="light" role="alert">
          {error}
        </Alert>
      ) : null}
      <Group justify="flex-end">
        <Button size="md" disabled={!ready} loading={submit.isPending} onClick={send}>
          {recreateId > 0 ? t('form.submitRecreate') : t('form.submit')}
        </Button>
      </Group>
    </Stack>
  );
}

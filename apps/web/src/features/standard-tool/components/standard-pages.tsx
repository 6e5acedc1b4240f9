import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/InlineInput.css';
import '../../../components/form-styles';
import {
  Alert,
  Badge,
  Button,
  Card,
  Checkbox,
  FileInput,
  Group,
  List,
  Loader,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconDownload, IconInfoCircle, IconSettings, IconUpload } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { GrowingTextarea } from '../../../components/growing-textarea';
import { isApiError } from '../../../lib/api-client';
import { ToolAssistant } from '../../tool-assistant/tool-assistant';
import { saveBlob } from '../../tool-views/save-blob';
import { GradeSelect, SubjectSelect } from '../../tools/panel/grade-subject-select';
import { exportStandard, type StandardForm, useStandardItem, useSubmitStandard } from '../api';

/** /tool/standard: a plan (typed or a file) mapped onto the achievement standards; ?recreate=<id> reopens a form. */
export function StandardFormPage() {
  const { t } = useTranslation('standardTool');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const recreateId = Number(params.get('recreate') ?? 0);
  const previous = useStandardItem(recreateId);
  const submit = useSubmitStandard();
  const [title, setTitle] = useState('');
  const [gradeSeq, setGradeSeq] = useState<number | null>(null);
  const [subjectSeq, setSubjectSeq] = useState<number | null>(null);
  const [curricula, setCurricula] = useState<string[]>(['2022', '2015']);
  const [text, setText] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);

  const loaded = previous.data?.input;
  useEffect(() => {
    if (!loaded) return;
    setTitle(loaded.title);
    setGradeSeq(loaded.gradeSeq);
    setSubjectSeq(loaded.subjectSeq);
    setCurricula(loaded.curricula.map(String));
    setText(loaded.text);
  }, [loaded]);

  const ready = title.trim() && gradeSeq && subjectSeq && curricula.length > 0 && (text.trim() || file);

  const send = () => {
    if (!gradeSeq || !subjectSeq) return;
    setError(null);
    const form: StandardForm = {
      title: title.trim(),
      gradeSeq,
      subjectSeq,
      curricula: curricula.map((c) => Number(c) as 2015 | 2022),
      text,
      accessLevel: 'PUBLIC',
      editable: true,
    };
    submit.mutate(
      { ...(recreateId > 0 ? { id: recreateId } : {}), form, file },
      {
        onSuccess: ({ id }) => navigate(`/tool/standard/${id}`),
        onError: (failure) =>
          setError(
            isApiError(failure) ? (failure.details?.[0]?.message ?? failure.message) : t('form.failed'),
          ),
      },
    );
  };

  return (
    <Stack gap="lg" maw={880} mx="auto" p={{ base: 'sm', sm: 'md' }}>
      <title>{t('form.meta')}</title>
      <Title order={1}>{t('form.title')}</Title>
      <Text c="dimmed">{t('form.intro')}</Text>
      <Card withBorder radius="lg" padding="lg">
        <Stack gap="md">
          <TextInput
            label={t('form.name')}
            required
            value={title}
            onChange={(event) => setTitle(event.currentTarget.value)}
          />
          <Group grow align="flex-start">
            <GradeSelect
              required
              value={gradeSeq}
              onChange={(code) => {
                setGradeSeq(code?.codeSeq ?? null);
                setSubjectSeq(null);
              }}
            />
            <SubjectSelect
              required
              gradeSeq={gradeSeq}
              value={subjectSeq}
              onChange={(code) => setSubjectSeq(code?.codeSeq ?? null)}
            />
          </Group>
          <Checkbox.Group label={t('form.curricula')} value={curricula} onChange={setCurricula}>
            <Group mt="xs">
              <Checkbox value="2022" label={t('form.c2022')} />
              <Checkbox value="2015" label={t('form.c2015')} />
            </Group>
          </Checkbox.Group>
          <GrowingTextarea
            label={t('form.plan')}
            description={t('form.planHelp')}
            minRows={8}
            maxRows={20}
            value={text}
            onChange={(event) => setText(event.currentTarget.value)}
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

/** /tool/standard/:id: the standards found, each with the teacher's matching passages, and the plan by standard. */
export function StandardViewPage() {
  const { t } = useTranslation('standardTool');
  const navigate = useNavigate();
  const id = Number(useParams().id);
  const query = useStandardItem(id);
  const item = query.data;
  if (query.isPending) return <Loader m="xl" aria-label={t('view.loading')} />;
  if (query.isError || !item)
    return (
      <Alert color="red" m="md" role="alert">
        {t('view.notFound')}
      </Alert>
    );
  if (item.error)
    return (
      <Alert color="red" m="md" role="alert">
        {t('view.failed', { message: item.error })}
      </Alert>
    );
  const result = item.result;
  if (item.status !== 3 || !result)
    return (
      <Group m="xl" gap="sm">
        <Loader size="sm" />
        <Text>{t('view.mapping')}</Text>
      </Group>
    );
  return (
    <Stack gap="lg" maw={1000} mx="auto" p={{ base: 'sm', sm: 'md' }}>
      <title>{t('view.meta', { title: item.title })}</title>
      <Group justify="space-between" align="flex-start">
        <Stack gap={4}>
          <Title order={1} style={{ overflowWrap: 'anywhere' }}>
            {item.title}
          </Title>
          <Text c="dimmed">
            {result.grade} · {result.subject}
          </Text>
        </Stack>
        <Group gap="xs">
          <Button
            variant="default"
            leftSection={<IconDownload size={16} aria-hidden />}
            onClick={async () => saveBlob(await exportStandard(id), `${item.title}.hwpx`)}
          >
            {t('view.export')}
          </Button>
          {item.abilities.edit ? (
            <Button
              variant="default"
              leftSection={<IconSettings size={16} aria-hidden />}
              onClick={() => navigate(`/tool/standard?recreate=${id}`)}
            >
              {t('view.recreate')}
            </Button>
          ) : null}
        </Group>
      </Group>
      {result.notice ? (
        <Alert color="blue" variant="light" icon={<IconInfoCircle size={18} aria-hidden />}>
          {result.notice}
        </Alert>
      ) : null}
      <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="mappings-title">
        <Title order={2} fz="h4" id="mappings-title" mb="sm">
          {t('view.mappings', { count: result.mappings.length })}
        </Title>
        <Table.ScrollContainer minWidth={560}>
          <Table verticalSpacing="sm" data-testid="mappings">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('view.code')}</Table.Th>
                <Table.Th>{t('view.statement')}</Table.Th>
                <Table.Th>{t('view.passages')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {result.mappings.map((m) => (
                <Table.Tr key={`${m.curriculum}${m.code}`}>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    <Text fw={600} size="sm">
                      {m.code}
                    </Text>
                    <Badge variant="light" size="sm">
                      {t('view.curriculum', { year: m.curriculum })}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{m.statement}</Text>
                  </Table.Td>
                  <Table.Td>
                    <List size="sm">
                      {m.passages.map((p) => (
                        <List.Item key={p}>{p}</List.Item>
                      ))}
                    </List>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Card>
      {result.plan.length > 0 ? (
        <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="plan-title">
          <Title order={2} fz="h4" id="plan-title" mb="sm">
            {t('view.plan')}
          </Title>
          <Stack gap="md">
            {result.plan.map((step) => (
              <Stack key={step.code} gap={4}>
                <Text fw={600}>
                  {step.code} {step.statement}
                </Text>
                <List size="sm">
                  {step.activities.map((a) => (
                    <List.Item key={a}>{a}</List.Item>
                  ))}
                </List>
                <Text size="sm" c="dimmed">
                  {t('view.assessment', { text: step.assessment })}
                </Text>
              </Stack>
            ))}
          </Stack>
        </Card>
      ) : null}
      {result.unmatched.length > 0 ? (
        <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="unmatched-title">
          <Title order={2} fz="h4" id="unmatched-title" mb="sm">
            {t('view.unmatched')}
          </Title>
          <List size="sm">
            {result.unmatched.map((p) => (
              <List.Item key={p}>{p}</List.Item>
            ))}
          </List>
        </Card>
      ) : null}
      <ToolAssistant
        toolType="STANDARD"
        libraryId={id}
        examples={[t('view.examples.activity'), t('view.examples.assess')]}
      />
    </Stack>
  );
}

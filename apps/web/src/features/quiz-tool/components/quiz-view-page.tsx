import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Menu.css';
import '@mantine/core/styles/Switch.css';
import '../../../components/form-styles';
import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Loader,
  Menu,
  Stack,
  Switch,
  Table,
  Text,
  Title,
} from '@mantine/core';
import type { QuizItem, QuizToolResult } from '@ssaem/contracts/quiz-tool';
import { IconDownload, IconEdit, IconInfoCircle, IconSettings } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { GrowingTextarea } from '../../../components/growing-textarea';
import { saveBlob } from '../../tool-views/save-blob';
import { exportQuiz, useQuizItem, useSaveQuiz } from '../api';

const CIRCLED = ['①', '②', '③', '④', '⑤'];
const MATCH_LABELS = ['㉠', '㉡', '㉢', '㉣', '㉤'];

function ItemBody({ item, number }: { item: QuizItem; number: number }) {
  const { t } = useTranslation('quizTool');
  const [first, ...rest] = item.question.split('\n');
  return (
    <Stack gap={6}>
      <Group gap="xs" wrap="nowrap" align="flex-start">
        <Text fw={700}>{number}.</Text>
        <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
          <Text style={{ overflowWrap: 'anywhere' }}>{first}</Text>
          {rest.map((line) => (
            <Text key={line} c="dark.6" pl="sm" style={{ overflowWrap: 'anywhere' }}>
              {line}
            </Text>
          ))}
        </Stack>
        <Badge variant="light" color="gray">
          {t(`kinds.${item.kind}`)} · {item.level}
        </Badge>
      </Group>
      {item.kind === 'choice' ? (
        <Stack gap={2} pl="lg">
          {item.options.map((option, i) => (
            <Text key={option} size="sm">
              {CIRCLED[i]} {option}
            </Text>
          ))}
        </Stack>
      ) : null}
      {item.kind === 'matching' ? (
        <Table withTableBorder maw={640} ml="lg">
          <Table.Tbody>
            {item.prompts.map((prompt, i) => (
              <Table.Tr key={prompt}>
                <Table.Td>
                  ({i + 1}) {prompt}
                </Table.Td>
                <Table.Td>
                  {MATCH_LABELS[i]} {item.options[i]}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      ) : null}
    </Stack>
  );
}

function AnswerBody({ item }: { item: QuizItem }) {
  const { t } = useTranslation('quizTool');
  return (
    <Stack gap={4} pl="lg" data-testid="answer">
      <Text size="sm">
        <Text span fw={600} c="teal.8">
          {t('view.answer')}
        </Text>{' '}
        {item.answer}
      </Text>
      {item.explanation ? (
        <Text size="sm" c="dimmed">
          {t('view.explanation')} {item.explanation}
        </Text>
      ) : null}
      {item.rubric.length > 0 ? (
        <Table withTableBorder fz="sm">
          <Table.Tbody>
            {item.rubric.map((r) => (
              <Table.Tr key={r.level}>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{r.level}</Table.Td>
                <Table.Td>{r.criterion}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      ) : null}
      <Text size="xs" c="dimmed">
        {item.standard ? `${item.standard.code} ${item.standard.statement}` : t('view.noStandard')}
      </Text>
    </Stack>
  );
}

function ItemEditor({ item, onChange }: { item: QuizItem; onChange: (item: QuizItem) => void }) {
  const { t } = useTranslation('quizTool');
  return (
    <Stack gap="xs">
      <GrowingTextarea
        label={t('edit.question')}
        minRows={2}
        value={item.question}
        onChange={(e) => onChange({ ...item, question: e.currentTarget.value })}
      />
      <GrowingTextarea
        label={t('edit.answer')}
        minRows={1}
        value={item.answer}
        onChange={(e) => onChange({ ...item, answer: e.currentTarget.value })}
      />
      <GrowingTextarea
        label={t('edit.explanation')}
        minRows={1}
        value={item.explanation}
        onChange={(e) => onChange({ ...item, explanation: e.currentTarget.value })}
      />
    </Stack>
  );
}

/** /tool/quiz/:id: the items, answers on demand, edit and save, the two printouts, recreate. */
export function QuizViewPage() {
  const { t } = useTranslation('quizTool');
  const navigate = useNavigate();
  const id = Number(useParams().id);
  const query = useQuizItem(id);
  const save = useSaveQuiz(id);
  const [showAnswers, setShowAnswers] = useState(false);
  const [draft, setDraft] = useState<QuizToolResult | null>(null);
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
        <Text>{t('view.making')}</Text>
      </Group>
    );
  const download = async (sheet: 'paper' | 'answers', format: 'hwpx' | 'pdf') =>
    saveBlob(
      await exportQuiz(id, sheet, format),
      `${item.title}${sheet === 'answers' ? ` ${t('view.answerSuffix')}` : ''}.${format}`,
    );
  const shown = draft ?? result;
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
            {result.unit ? ` · ${result.unit}` : ''} · {t(`form.purposes.${result.purpose}`)}
          </Text>
        </Stack>
        <Group gap="xs">
          <Menu position="bottom-end">
            <Menu.Target>
              <Button variant="default" leftSection={<IconDownload size={16} aria-hidden />}>
                {t('view.export')}
              </Button>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Item onClick={() => void download('paper', 'hwpx')}>{t('view.paperHwpx')}</Menu.Item>
              <Menu.Item onClick={() => void download('paper', 'pdf')}>{t('view.paperPdf')}</Menu.Item>
              <Menu.Item onClick={() => void download('answers', 'hwpx')}>{t('view.answersHwpx')}</Menu.Item>
              <Menu.Item onClick={() => void download('answers', 'pdf')}>{t('view.answersPdf')}</Menu.Item>
            </Menu.Dropdown>
          </Menu>
          {item.abilities.edit && !draft ? (
            <Button
              variant="default"
              leftSection={<IconEdit size={16} aria-hidden />}
              onClick={() => setDraft(structuredClone(result))}
            >
              {t('view.edit')}
            </Button>
          ) : null}
          {item.abilities.edit ? (
            <Button
              variant="default"
              leftSection={<IconSettings size={16} aria-hidden />}
              onClick={() => navigate(`/tool/quiz?recreate=${id}`)}
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
      {draft ? (
        <Group justify="flex-end">
          <Button variant="default" onClick={() => setDraft(null)}>
            {t('edit.cancel')}
          </Button>
          <Button
            loading={save.isPending}
            onClick={() => void save.mutateAsync(draft).then(() => setDraft(null))}
          >
            {t('edit.save')}
          </Button>
        </Group>
      ) : (
        <Switch
          label={t('view.showAnswers')}
          checked={showAnswers}
          onChange={(e) => setShowAnswers(e.currentTarget.checked)}
        />
      )}
      {save.isError ? (
        <Alert color="red" variant="light" role="alert">
          {t('edit.failed')}
        </Alert>
      ) : null}
      <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="quiz-items-title">
        <Title order={2} fz="h4" id="quiz-items-title" mb="md">
          {t('view.items', { count: shown.items.length })}
        </Title>
        <Stack gap="lg">
          {shown.items.map((quizItem, index) => (
            // Items have no id of their own; their place is their identity on this page.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above.
            <Stack key={index} gap="xs" data-testid="quiz-item">
              {draft ? (
                <ItemEditor
                  item={quizItem}
                  onChange={(changed) =>
                    setDraft({ ...draft, items: draft.items.map((it, i) => (i === index ? changed : it)) })
                  }
                />
              ) : (
                <>
                  <ItemBody item={quizItem} number={index + 1} />
                  {showAnswers ? <AnswerBody item={quizItem} /> : null}
                </>
              )}
            </Stack>
          ))}
        </Stack>
      </Card>
      {result.standards.length > 0 ? (
        <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="quiz-standards-title">
          <Title order={2} fz="h4" id="quiz-standards-title" mb="sm">
            {t('view.standards')}
          </Title>
          <Stack gap={4}>
            {result.standards.map((s) => (
              <Text key={s.code} size="sm">
                <Text span fw={600}>
                  {s.code}
                </Text>{' '}
                {s.statement}
              </Text>
            ))}
          </Stack>
        </Card>
      ) : null}
    </Stack>
  );
}

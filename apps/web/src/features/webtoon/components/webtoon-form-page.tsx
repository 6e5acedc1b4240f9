import '@mantine/core/styles/FloatingIndicator.css';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/SegmentedControl.css';
import '../../../components/form-styles';
import {
  Alert,
  Button,
  Card,
  Checkbox,
  Group,
  Input,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { WEBTOON_MAX_PANELS, WEBTOON_MIN_PANELS } from '@ssaem/contracts/webtoon';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { GrowingTextarea } from '../../../components/growing-textarea';
import { isApiError } from '../../../lib/api-client';
import { GradeSelect } from '../../tools/panel/grade-subject-select';
import { useSubmitWebtoon, useWebtoon, type WebtoonForm } from '../api';

const PANEL_COUNTS = Array.from({ length: WEBTOON_MAX_PANELS - WEBTOON_MIN_PANELS + 1 }, (_, i) =>
  String(WEBTOON_MIN_PANELS + i),
);

/** Names typed with commas (or 、 and spaces after them), at most three. */
export function castOf(text: string): string[] {
  return text
    .split(/[,，、]/u)
    .map((name) => name.trim())
    .filter(Boolean)
    .slice(0, 3);
}

/** /tool/webtoon: the form; ?recreate=<id> reopens it prefilled to make the comic again. */
export function WebtoonFormPage() {
  const { t } = useTranslation('webtoon');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const recreateId = Number(params.get('recreate') ?? 0);
  const previous = useWebtoon(recreateId);
  const submit = useSubmitWebtoon();
  const [title, setTitle] = useState('');
  const [topic, setTopic] = useState('');
  const [gradeSeq, setGradeSeq] = useState<number | null>(null);
  const [facts, setFacts] = useState('');
  const [panelCount, setPanelCount] = useState('4');
  const [characters, setCharacters] = useState('');
  const [pictures, setPictures] = useState(true);
  const [error, setError] = useState<string | null>(null);

  const loaded = previous.data?.input;
  useEffect(() => {
    if (!loaded) return;
    setTitle(loaded.title);
    setTopic(loaded.topic);
    setGradeSeq(loaded.gradeSeq);
    setFacts(loaded.facts);
    setPanelCount(String(loaded.panelCount));
    setCharacters(loaded.characters.join(', '));
    setPictures(loaded.pictures);
  }, [loaded]);

  const ready = Boolean(title.trim() && topic.trim() && gradeSeq);

  const send = () => {
    if (!gradeSeq) return;
    setError(null);
    const form: WebtoonForm = {
      title: title.trim(),
      topic: topic.trim(),
      gradeSeq,
      facts,
      panelCount: Number(panelCount),
      characters: castOf(characters),
      pictures,
      accessLevel: loaded?.accessLevel ?? 'PUBLIC',
      editable: loaded?.editable ?? true,
    };
    submit.mutate(
      { ...(recreateId > 0 ? { id: recreateId } : {}), form },
      {
        onSuccess: ({ id }) => navigate(`/tool/webtoon/${id}`),
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
            maxLength={200}
            value={title}
            onChange={(event) => setTitle(event.currentTarget.value)}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label={t('form.topic')}
              placeholder={t('form.topicPlaceholder')}
              required
              maxLength={200}
              value={topic}
              onChange={(event) => setTopic(event.currentTarget.value)}
            />
            <GradeSelect required value={gradeSeq} onChange={(code) => setGradeSeq(code?.codeSeq ?? null)} />
          </SimpleGrid>
          <GrowingTextarea
            label={t('form.facts')}
            description={t('form.factsHelp')}
            minRows={4}
            maxRows={12}
            maxLength={3000}
            value={facts}
            onChange={(event) => setFacts(event.currentTarget.value)}
          />
          <Input.Wrapper label={t('form.panels')}>
            <SegmentedControl
              mt={4}
              fullWidth
              data={PANEL_COUNTS}
              value={panelCount}
              onChange={setPanelCount}
              aria-label={t('form.panels')}
            />
          </Input.Wrapper>
          <TextInput
            label={t('form.characters')}
            description={t('form.charactersHelp')}
            value={characters}
            onChange={(event) => setCharacters(event.currentTarget.value)}
          />
          <Checkbox
            label={t('form.pictures')}
            checked={pictures}
            onChange={(event) => setPictures(event.currentTarget.checked)}
          />
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

import '../../../components/form-styles';
import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Loader,
  NativeSelect,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import type { ClassGroupStudent } from '@ssaem/contracts/class-group';
import { IconAlertTriangle, IconDownload, IconRefresh, IconSettings } from '@tabler/icons-react';
import { type DragEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { useToast } from '../../../components/toast/toast-context';
import { saveBlob } from '../../tool-views/save-blob';
import { exportClassGroup, useClassGroup, useRecreateClassGroup, useSaveGroups } from '../api';

type Draft = { name: string; members: ClassGroupStudent[] }[];

/** /tool/class-group/:id: the groups, rearranged by dragging a pupil (or choosing a group), saved, exported. */
export function ClassGroupViewPage() {
  const { t } = useTranslation('classGroup');
  const navigate = useNavigate();
  const id = Number(useParams().id);
  const query = useClassGroup(id);
  const save = useSaveGroups(id);
  const toast = useToast();
  const recreate = useRecreateClassGroup();
  const [draft, setDraft] = useState<Draft | null>(null);
  const [dragging, setDragging] = useState<string | null>(null);
  const [exporting, setExporting] = useState(false);
  const item = query.data;
  const result = item?.result ?? null;

  useEffect(() => {
    if (result) setDraft(result.groups.map((g) => ({ name: g.name, members: g.members })));
  }, [result]);

  if (query.isPending) return <Loader m="xl" aria-label={t('view.loading')} />;
  if (query.isError || !item) {
    return (
      <Alert color="red" m="md" role="alert">
        {t('view.notFound')}
      </Alert>
    );
  }
  if (item.error) {
    return (
      <Alert color="red" m="md" role="alert">
        {t('view.failed', { message: item.error })}
      </Alert>
    );
  }
  if (item.status !== 3 || !result || !draft) {
    return (
      <Group m="xl" gap="sm">
        <Loader size="sm" />
        <Text>{t('view.forming')}</Text>
      </Group>
    );
  }

  const changed =
    JSON.stringify(draft) !==
    JSON.stringify(result.groups.map((g) => ({ name: g.name, members: g.members })));
  const canEdit = item.abilities.edit;

  const move = (name: string, to: number) =>
    setDraft((groups) => {
      if (!groups) return groups;
      const member = groups.flatMap((g) => g.members).find((m) => m.name === name);
      if (!member) return groups;
      return groups.map((g, index) => ({
        ...g,
        members:
          index === to
            ? [...g.members.filter((m) => m.name !== name), member]
            : g.members.filter((m) => m.name !== name),
      }));
    });

  const onDrop = (index: number) => (event: DragEvent) => {
    event.preventDefault();
    const name = event.dataTransfer.getData('text/plain') || dragging;
    if (name) move(name, index);
    setDragging(null);
  };

  const download = async (format: 'hwpx' | 'pdf') => {
    setExporting(true);
    try {
      saveBlob(await exportClassGroup(id, format), `${item.title}.${format}`);
    } finally {
      setExporting(false);
    }
  };

  return (
    <Stack gap="lg" maw={1100} mx="auto" p={{ base: 'sm', sm: 'md' }}>
      <title>{t('view.meta', { title: item.title })}</title>
      <Group justify="space-between" align="flex-start">
        <Stack gap={4}>
          <Title order={1} style={{ overflowWrap: 'anywhere' }}>
            {item.title}
          </Title>
          <Text data-testid="summary">{result.summary}</Text>
        </Stack>
        <Group gap="xs">
          <Button
            variant="default"
            leftSection={<IconDownload size={16} aria-hidden />}
            onClick={() => download('hwpx')}
            loading={exporting}
          >
            {t('view.exportHwpx')}
          </Button>
          <Button variant="default" onClick={() => download('pdf')} loading={exporting}>
            {t('view.exportPdf')}
          </Button>
        </Group>
      </Group>
      {result.violations.length > 0 ? (
        <Alert
          color="orange"
          variant="light"
          icon={<IconAlertTriangle size={18} aria-hidden />}
          title={t('view.violations')}
        >
          {result.violations.map((line) => (
            <Text key={line} size="sm">
              {line}
            </Text>
          ))}
        </Alert>
      ) : null}
      {canEdit ? (
        <Text size="sm" c="dimmed">
          {t('view.dragHelp')}
        </Text>
      ) : null}
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="md">
        {draft.map((group, index) => {
          const explanation = result.groups[index]?.explanation;
          return (
            <Card
              key={group.name}
              withBorder
              radius="lg"
              padding="md"
              component="section"
              aria-label={group.name}
              data-testid={`group-${index + 1}`}
              onDragOver={(event) => canEdit && event.preventDefault()}
              onDrop={onDrop(index)}
            >
              <Group justify="space-between" mb="xs">
                {canEdit ? (
                  <TextInput
                    aria-label={t('view.groupName', { number: index + 1 })}
                    value={group.name}
                    size="xs"
                    w={140}
                    onChange={(event) => {
                      const name = event.currentTarget.value;
                      setDraft(
                        (groups) => groups?.map((g, i) => (i === index ? { ...g, name } : g)) ?? groups,
                      );
                    }}
                  />
                ) : (
                  <Title order={2} fz="h4">
                    {group.name}
                  </Title>
                )}
                <Badge variant="light">{t('view.members', { count: group.members.length })}</Badge>
              </Group>
              <Stack gap={6}>
                {group.members.map((member) => (
                  <Group
                    key={member.name}
                    gap="xs"
                    justify="space-between"
                    wrap="nowrap"
                    draggable={canEdit}
                    onDragStart={(event) => {
                      event.dataTransfer.setData('text/plain', member.name);
                      setDragging(member.name);
                    }}
                    style={{ cursor: canEdit ? 'grab' : undefined }}
                    data-testid={`member-${member.name}`}
                  >
                    <Text size="sm">
                      {member.name}
                      {member.gender ? (
                        <Text span c="dimmed" size="xs">
                          {' '}
                          {member.gender === 'M' ? t('view.male') : t('view.female')}
                        </Text>
                      ) : null}
                      {member.level ? (
                        <Text span c="dimmed" size="xs">
                          {' · '}
                          {member.level}
                        </Text>
                      ) : null}
                    </Text>
                    {canEdit ? (
                      <NativeSelect
                        size="xs"
                        aria-label={t('view.moveTo', { name: member.name })}
                        value={String(index)}
                        onChange={(event) => move(member.name, Number(event.currentTarget.value))}
                        data={draft.map((g, i) => ({ value: String(i), label: g.name }))}
                        w={110}
                      />
                    ) : null}
                  </Group>
                ))}
              </Stack>
              {explanation && !changed ? (
                <Text size="xs" c="dimmed" mt="sm">
                  {explanation}
                </Text>
              ) : null}
            </Card>
          );
        })}
      </SimpleGrid>
      {canEdit ? (
        <Group justify="space-between">
          <Group gap="xs">
            <Button
              variant="default"
              leftSection={<IconRefresh size={16} aria-hidden />}
              loading={recreate.isPending}
              onClick={() => recreate.mutate({ id })}
            >
              {t('view.reshuffle')}
            </Button>
            <Button
              variant="default"
              leftSection={<IconSettings size={16} aria-hidden />}
              onClick={() => navigate(`/tool/class-group?recreate=${id}`)}
            >
              {t('view.changeForm')}
            </Button>
          </Group>
          <Group gap="xs">
            {changed ? (
              <Button
                variant="subtle"
                onClick={() => setDraft(result.groups.map((g) => ({ name: g.name, members: g.members })))}
              >
                {t('view.undo')}
              </Button>
            ) : null}
            <Button
              disabled={!changed}
              loading={save.isPending}
              onClick={() => save.mutate(draft, { onSuccess: () => toast.show(t('view.saved')) })}
            >
              {t('view.save')}
            </Button>
          </Group>
        </Group>
      ) : null}
    </Stack>
  );
}

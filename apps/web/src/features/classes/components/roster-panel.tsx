import '@mantine/core/styles/ActionIcon.css';
import '@mantine/core/styles/Menu.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/NumberInput.css';
import '../../../components/form-styles';
import {
  ActionIcon,
  Alert,
  Button,
  Card,
  Group,
  Menu,
  Modal,
  NumberInput,
  Select,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { type Classroom, GENDER_LABELS, type Student, type StudentInput } from '@ssaem/contracts/classes';
import {
  IconDotsVertical,
  IconDownload,
  IconEdit,
  IconFileSpreadsheet,
  IconNotebook,
  IconTrash,
  IconUserPlus,
} from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useToast } from '../../../components/toast/toast-context';
import {
  classFiles,
  useAddStudents,
  useDeleteClassroom,
  useEraseStudent,
  useStudents,
  useUpdateStudent,
} from '../api';
import { errorText } from '../error-text';
import { ClassFormModal } from './class-form-modal';
import { ImportModal } from './import-modal';

interface StudentDraft {
  number: number | string;
  name: string;
  gender: string | null;
  birthDate: string;
}

const EMPTY: StudentDraft = { number: '', name: '', gender: null, birthDate: '' };

function toInput(draft: StudentDraft): StudentInput {
  return {
    number: Number(draft.number),
    name: draft.name.trim(),
    gender: (draft.gender ?? '') as StudentInput['gender'],
    birthDate: draft.birthDate.trim() || null,
  };
}

function StudentFields({ value, onChange }: { value: StudentDraft; onChange: (next: StudentDraft) => void }) {
  const { t } = useTranslation('classes');
  return (
    <>
      <NumberInput
        label={t('roster.number')}
        value={value.number}
        onChange={(v) => onChange({ ...value, number: v })}
        min={1}
        max={99}
        w={90}
      />
      <TextInput
        label={t('roster.name')}
        value={value.name}
        onChange={(e) => onChange({ ...value, name: e.currentTarget.value })}
        maxLength={30}
      />
      <Select
        label={t('roster.gender')}
        data={[
          { value: 'M', label: t('roster.male') },
          { value: 'F', label: t('roster.female') },
        ]}
        value={value.gender}
        onChange={(gender) => onChange({ ...value, gender })}
        w={100}
      />
      <TextInput
        label={t('roster.birthDate')}
        placeholder="2017-03-15"
        value={value.birthDate}
        onChange={(e) => onChange({ ...value, birthDate: e.currentTarget.value })}
        w={140}
      />
    </>
  );
}

/** A class's roster: add, edit and remove pupils, Excel in and out, and the way to its records. */
export function RosterPanel({
  classroom,
  chooseHomeroom,
}: {
  classroom: Classroom;
  chooseHomeroom: boolean;
}) {
  const { t } = useTranslation('classes');
  const { t: tc } = useTranslation();
  const toast = useToast();
  const students = useStudents(classroom.id);
  const add = useAddStudents(classroom.id);
  const update = useUpdateStudent(classroom.id);
  const erase = useEraseStudent(classroom.id);
  const removeClass = useDeleteClassroom();
  const [draft, setDraft] = useState<StudentDraft>(EMPTY);
  const [addError, setAddError] = useState<string | null>(null);
  const [editing, setEditing] = useState<{
    student: Student;
    draft: StudentDraft;
    error: string | null;
  } | null>(null);
  const [importing, setImporting] = useState(false);
  const [editingClass, setEditingClass] = useState(false);
  const [erasing, setErasing] = useState<Student | null>(null);
  const [deletingClass, setDeletingClass] = useState(false);

  const handleAdd = async (event: React.FormEvent) => {
    event.preventDefault();
    setAddError(null);
    try {
      await add.mutateAsync([toInput(draft)]);
      const next = Number(draft.number) + 1;
      setDraft({ ...EMPTY, number: next <= 99 ? next : '' });
      toast.show(t('roster.added'));
    } catch (caught) {
      setAddError(errorText(caught, tc));
    }
  };

  const handleEdit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!editing) return;
    try {
      await update.mutateAsync({ id: editing.student.id, body: toInput(editing.draft) });
      setEditing(null);
      toast.show(t('roster.updated'));
    } catch (caught) {
      setEditing({ ...editing, error: errorText(caught, tc) });
    }
  };

  const roster = students.data ?? [];
  return (
    <Card withBorder radius="lg" padding="lg">
      <Stack gap="md">
        <Group justify="space-between" align="flex-start">
          <div>
            <Title order={2} fz="h3">
              {classroom.label}
              {classroom.name !== `${classroom.grade}학년 ${classroom.classNumber}반` &&
                ` · ${classroom.name}`}
            </Title>
            <Text size="sm" c="dimmed">
              {t('roster.summary', {
                count: classroom.studentCount,
                teacher: classroom.homeroomTeacherName ?? t('roster.noHomeroom'),
              })}
            </Text>
          </div>
          <Group gap="xs">
            <Button
              component={Link}
              to={`/my-class/${classroom.id}/records`}
              leftSection={<IconNotebook size={16} aria-hidden />}
            >
              {t('roster.records')}
            </Button>
            {classroom.abilities.manageStudents && (
              <Button
                variant="light"
                leftSection={<IconFileSpreadsheet size={16} aria-hidden />}
                onClick={() => setImporting(true)}
              >
                {t('roster.import')}
              </Button>
            )}
            <Button
              variant="default"
              leftSection={<IconDownload size={16} aria-hidden />}
              onClick={() => void classFiles.roster(classroom)}
            >
              {t('roster.export')}
            </Button>
            {(classroom.abilities.edit || classroom.abilities.delete) && (
              <Menu position="bottom-end">
                <Menu.Target>
                  <ActionIcon variant="default" size="lg" aria-label={t('roster.classMenu')}>
                    <IconDotsVertical size={16} aria-hidden />
                  </ActionIcon>
                </Menu.Target>
                <Menu.Dropdown>
                  {classroom.abilities.edit && (
                    <Menu.Item onClick={() => setEditingClass(true)}>{t('roster.editClass')}</Menu.Item>
                  )}
                  {classroom.abilities.delete && (
                    <Menu.Item color="red" onClick={() => setDeletingClass(true)}>
                      {t('roster.deleteClass')}
                    </Menu.Item>
                  )}
                </Menu.Dropdown>
              </Menu>
            )}
          </Group>
        </Group>

        {classroom.abilities.manageStudents && (
          <form onSubmit={handleAdd} aria-label={t('roster.addTitle')}>
            <Group align="flex-end" gap="xs" wrap="wrap">
              <StudentFields value={draft} onChange={setDraft} />
              <Button
                type="submit"
                leftSection={<IconUserPlus size={16} aria-hidden />}
                loading={add.isPending}
              >
                {t('roster.add')}
              </Button>
            </Group>
            {addError && (
              <Alert color="red" role="alert" mt="xs">
                {addError}
              </Alert>
            )}
          </form>
        )}

        {students.isPending ? (
          <Skeleton h={160} />
        ) : roster.length === 0 ? (
          <Text c="dimmed">{t('roster.empty')}</Text>
        ) : (
          <Table.ScrollContainer minWidth={480}>
            <Table striped highlightOnHover aria-label={t('roster.tableLabel')}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('roster.number')}</Table.Th>
                  <Table.Th>{t('roster.name')}</Table.Th>
                  <Table.Th>{t('roster.gender')}</Table.Th>
                  <Table.Th>{t('roster.birthDate')}</Table.Th>
                  <Table.Th>
                    <VisuallyHidden>{t('roster.actions')}</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {roster.map((student) => (
                  <Table.Tr key={student.id}>
                    <Table.Td>{student.number}</Table.Td>
                    <Table.Td translate="no">{student.name}</Table.Td>
                    <Table.Td>{GENDER_LABELS[student.gender]}</Table.Td>
                    <Table.Td>{student.birthDate ?? '—'}</Table.Td>
                    <Table.Td>
                      <Menu position="bottom-end">
                        <Menu.Target>
                          <ActionIcon
                            variant="subtle"
                            aria-label={t('roster.studentMenu', { name: student.name })}
                          >
                            <IconDotsVertical size={16} aria-hidden />
                          </ActionIcon>
                        </Menu.Target>
                        <Menu.Dropdown>
                          {classroom.abilities.manageStudents && (
                            <Menu.Item
                              leftSection={<IconEdit size={14} aria-hidden />}
                              onClick={() =>
                                setEditing({
                                  student,
                                  error: null,
                                  draft: {
                                    number: student.number,
                                    name: student.name,
                                    gender: student.gender,
                                    birthDate: student.birthDate ?? '',
                                  },
                                })
                              }
                            >
                              {t('roster.edit')}
                            </Menu.Item>
                          )}
                          {classroom.abilities.manageStudents && (
                            <Menu.Item
                              leftSection={<IconDownload size={14} aria-hidden />}
                              onClick={() => void classFiles.student(classroom.id, student)}
                            >
                              {t('roster.exportStudent')}
                            </Menu.Item>
                          )}
                          {classroom.abilities.manageStudents && (
                            <Menu.Item
                              color="red"
                              leftSection={<IconTrash size={14} aria-hidden />}
                              onClick={() => setErasing(student)}
                            >
                              {t('roster.erase')}
                            </Menu.Item>
                          )}
                        </Menu.Dropdown>
                      </Menu>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>

      <ImportModal classroomId={classroom.id} opened={importing} onClose={() => setImporting(false)} />
      {editingClass && (
        <ClassFormModal
          opened
          onClose={() => setEditingClass(false)}
          classroom={classroom}
          chooseHomeroom={chooseHomeroom}
        />
      )}
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={t('roster.editTitle')}
        centered
      >
        {editing && (
          <form onSubmit={handleEdit}>
            <Stack gap="sm">
              <Group align="flex-end" gap="xs" wrap="wrap">
                <StudentFields
                  value={editing.draft}
                  onChange={(next) => setEditing({ ...editing, draft: next })}
                />
              </Group>
              {editing.error && (
                <Alert color="red" role="alert">
                  {editing.error}
                </Alert>
              )}
              <Group justify="flex-end">
                <Button variant="default" onClick={() => setEditing(null)}>
                  {t('actions.cancel')}
                </Button>
                <Button type="submit" loading={update.isPending}>
                  {t('actions.save')}
                </Button>
              </Group>
            </Stack>
          </form>
        )}
      </Modal>
      <Modal
        opened={erasing !== null}
        onClose={() => setErasing(null)}
        title={t('roster.eraseTitle')}
        centered
      >
        <Stack gap="sm">
          <Text>{t('roster.eraseBody', { name: erasing?.name ?? '' })}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setErasing(null)}>
              {t('actions.cancel')}
            </Button>
            <Button
              color="red"
              loading={erase.isPending}
              onClick={async () => {
                if (!erasing) return;
                await erase.mutateAsync(erasing.id);
                setErasing(null);
                toast.show(t('roster.erased'));
              }}
            >
              {t('roster.eraseConfirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>
      <Modal
        opened={deletingClass}
        onClose={() => setDeletingClass(false)}
        title={t('roster.deleteClass')}
        centered
      >
        <Stack gap="sm">
          <Text>{t('roster.deleteClassBody', { label: classroom.label })}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setDeletingClass(false)}>
              {t('actions.cancel')}
            </Button>
            <Button
              color="red"
              loading={removeClass.isPending}
              onClick={async () => {
                await removeClass.mutateAsync(classroom.id);
                setDeletingClass(false);
              }}
            >
              {t('roster.deleteClass')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Card>
  );
}

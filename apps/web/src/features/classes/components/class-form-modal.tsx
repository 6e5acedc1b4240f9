import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/NumberInput.css';
import '../../../components/form-styles';
import { Alert, Button, Group, Modal, NumberInput, Select, Stack, TextInput } from '@mantine/core';
import type { Classroom } from '@ssaem/contracts/classes';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useHomeroomTeachers, useSaveClassroom } from '../api';
import { errorText, schoolYearOf } from '../error-text';

interface Props {
  opened: boolean;
  onClose: () => void;
  /** The class being edited; a new class when absent. */
  classroom?: Classroom | undefined;
  /** Administrators choose the homeroom teacher. */
  chooseHomeroom: boolean;
  onSaved?: (classroom: Classroom) => void;
}

/** Creates or edits a class: school year, grade, class number, an optional name, the homeroom teacher. */
export function ClassFormModal({ opened, onClose, classroom, chooseHomeroom, onSaved }: Props) {
  const { t } = useTranslation('classes');
  const { t: tc } = useTranslation();
  const save = useSaveClassroom();
  const teachers = useHomeroomTeachers(opened && chooseHomeroom);
  const [schoolYear, setSchoolYear] = useState<number>(classroom?.schoolYear ?? schoolYearOf());
  const [grade, setGrade] = useState<string>(String(classroom?.grade ?? 1));
  const [classNumber, setClassNumber] = useState<number | string>(classroom?.classNumber ?? 1);
  const [name, setName] = useState(classroom?.name ?? '');
  const [homeroom, setHomeroom] = useState<string | null>(
    classroom?.homeroomTeacherId ? String(classroom.homeroomTeacherId) : null,
  );
  const [error, setError] = useState<string | null>(null);

  const handleSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    setError(null);
    try {
      const saved = await save.mutateAsync({
        ...(classroom ? { id: classroom.id } : {}),
        body: {
          schoolYear,
          grade: Number(grade),
          classNumber: Number(classNumber),
          ...(name.trim() || classroom ? { name: name.trim() } : {}),
          ...(chooseHomeroom && homeroom ? { homeroomTeacherId: Number(homeroom) } : {}),
        },
      });
      onSaved?.(saved);
      onClose();
    } catch (caught) {
      setError(errorText(caught, tc));
    }
  };

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={classroom ? t('form.editTitle') : t('form.createTitle')}
      centered
    >
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="sm">
          <NumberInput
            label={t('form.schoolYear')}
            value={schoolYear}
            onChange={(v) => setSchoolYear(Number(v))}
            min={2000}
            max={2100}
          />
          <Group grow>
            <Select
              label={t('form.grade')}
              data={[1, 2, 3, 4, 5, 6].map((g) => ({
                value: String(g),
                label: t('form.gradeOption', { grade: g }),
              }))}
              value={grade}
              onChange={(v) => setGrade(v ?? '1')}
              allowDeselect={false}
            />
            <NumberInput
              label={t('form.classNumber')}
              value={classNumber}
              onChange={setClassNumber}
              min={1}
              max={30}
            />
          </Group>
          <TextInput
            label={t('form.name')}
            description={t('form.nameHint')}
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            maxLength={30}
          />
          {chooseHomeroom && (
            <Select
              label={t('form.homeroom')}
              data={(teachers.data ?? []).map((teacher) => ({
                value: String(teacher.id),
                label: teacher.name,
              }))}
              value={homeroom}
              onChange={setHomeroom}
              searchable
              clearable
              nothingFoundMessage={t('form.noTeachers')}
            />
          )}
          {error && (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('actions.cancel')}
            </Button>
            <Button type="submit" loading={save.isPending}>
              {classroom ? t('actions.save') : t('actions.create')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Overlay.css';
import '../../../components/form-styles';
import { Alert, Anchor, Button, FileInput, Group, Modal, Stack, Table, Text } from '@mantine/core';
import type { StudentImportReport } from '@ssaem/contracts/classes';
import { IconFileSpreadsheet } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../../components/toast/toast-context';
import { classFiles, useImportStudents } from '../api';
import { errorText } from '../error-text';

/**
 * Adding students from Excel: the file is checked first (every row, nothing written) and the
 * report shows each problem by row and column; only a clean sheet can be added.
 */
export function ImportModal({
  classroomId,
  opened,
  onClose,
}: {
  classroomId: number;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('classes');
  const { t: tc } = useTranslation();
  const toast = useToast();
  const upload = useImportStudents(classroomId);
  const [file, setFile] = useState<File | null>(null);
  const [report, setReport] = useState<StudentImportReport | null>(null);
  const [error, setError] = useState<string | null>(null);

  const close = () => {
    setFile(null);
    setReport(null);
    setError(null);
    onClose();
  };

  const run = async (dryRun: boolean) => {
    if (!file) return;
    setError(null);
    try {
      const result = await upload.mutateAsync({ file, dryRun });
      setReport(result);
      if (!dryRun && result.created) {
        toast.show(t('import.added', { count: result.created }));
        close();
      }
    } catch (caught) {
      setReport(null);
      setError(errorText(caught, tc));
    }
  };

  return (
    <Modal opened={opened} onClose={close} title={t('import.title')} size="lg" centered>
      <Stack gap="sm">
        <Text size="sm">{t('import.lead')}</Text>
        <Anchor component="button" type="button" size="sm" onClick={() => void classFiles.template()}>
          {t('import.template')}
        </Anchor>
        <FileInput
          label={t('import.file')}
          accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          value={file}
          onChange={(value) => {
            setFile(value);
            setReport(null);
          }}
          leftSection={<IconFileSpreadsheet size={16} aria-hidden />}
          clearable
        />
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        {report && report.problems.length > 0 && (
          <Alert color="red" title={t('import.problems', { count: report.problems.length })} role="alert">
            <Table fz="sm" aria-label={t('import.problemTable')}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('import.row')}</Table.Th>
                  <Table.Th>{t('import.column')}</Table.Th>
                  <Table.Th>{t('import.problem')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {report.problems.map((problem) => (
                  <Table.Tr key={`${problem.row}-${problem.column}`}>
                    <Table.Td>{problem.row}</Table.Td>
                    <Table.Td>{problem.column}</Table.Td>
                    <Table.Td>{problem.message}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
            <Text size="sm" mt="xs">
              {t('import.nothingWritten')}
            </Text>
          </Alert>
        )}
        {report && report.problems.length === 0 && (
          <Alert color="teal" role="status">
            {t('import.ready', { count: report.rows })}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            {t('actions.cancel')}
          </Button>
          <Button
            variant="light"
            disabled={!file}
            loading={upload.isPending && !report}
            onClick={() => void run(true)}
          >
            {t('import.check')}
          </Button>
          <Button
            disabled={!file || !report || report.problems.length > 0 || report.rows === 0}
            loading={upload.isPending && Boolean(report)}
            onClick={() => void run(false)}
          >
            {t('import.add', { count: report?.rows ?? 0 })}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

import '@mantine/core/styles/NumberInput.css';
import {
  Alert,
  Anchor,
  Button,
  FileInput,
  Group,
  Modal,
  NumberInput,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import type { UserBatchReport } from '@ssaem/contracts/classes';
import { IconFileSpreadsheet } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { hasRealmRole } from '../../../lib/auth/auth-client';
import { errorText } from '../../classes/error-text';
import { downloadUsersTemplate, useBatchCreateUsers } from '../api';

function ProblemTable({ report }: { report: UserBatchReport }) {
  const { t } = useTranslation('admin');
  return (
    <Alert color="red" title={t('batch.problems', { count: report.problems.length })} role="alert">
      <Table fz="sm" aria-label={t('batch.problemTable')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('batch.row')}</Table.Th>
            <Table.Th>{t('batch.column')}</Table.Th>
            <Table.Th>{t('batch.problem')}</Table.Th>
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
        {t('batch.nothingWritten')}
      </Text>
    </Alert>
  );
}

function CreatedTable({ report }: { report: UserBatchReport }) {
  const { t } = useTranslation('admin');
  return (
    <Stack gap="xs">
      <Alert color="teal" role="status">
        {t('batch.created', { count: report.created.length })}
      </Alert>
      {report.created.some((account) => account.initialPassword) && (
        <Text size="sm">{t('batch.passwordOnce')}</Text>
      )}
      <Table fz="sm" aria-label={t('batch.createdTable')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('batch.username')}</Table.Th>
            <Table.Th>{t('batch.name')}</Table.Th>
            <Table.Th>{t('batch.role')}</Table.Th>
            <Table.Th>{t('batch.initialPassword')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {report.created.map((account) => (
            <Table.Tr key={account.id}>
              <Table.Td>{account.username}</Table.Td>
              <Table.Td>{account.name}</Table.Td>
              <Table.Td>{t(`roles.${account.role}`)}</Table.Td>
              <Table.Td ff={account.initialPassword ? 'monospace' : undefined}>
                {account.initialPassword ?? t('batch.givenPassword')}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}

/**
 * Users batch create for administrators (core.md §7 users): an .xlsx from the template, every row
 * checked on the server before any account is made; the report shows each problem by row and
 * column, or the accounts made with the passwords generated for them (shown this once).
 */
export function UsersBatchModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('admin');
  const { t: tc } = useTranslation();
  const superAdmin = hasRealmRole('ROLE_SUPER_ADMIN');
  const upload = useBatchCreateUsers();
  const [file, setFile] = useState<File | null>(null);
  const [schoolId, setSchoolId] = useState<number | ''>('');
  const [report, setReport] = useState<UserBatchReport | null>(null);
  const [error, setError] = useState<string | null>(null);
  const done = Boolean(report && report.problems.length === 0);

  const submit = async () => {
    if (!file) return;
    setError(null);
    try {
      setReport(await upload.mutateAsync({ file, schoolId: schoolId === '' ? undefined : schoolId }));
    } catch (caught) {
      setReport(null);
      setError(errorText(caught, tc));
    }
  };

  return (
    <Modal opened onClose={onClose} title={t('batch.title')} size="lg" centered>
      <Stack gap="sm">
        {!done && (
          <>
            <Text size="sm">{t('batch.lead')}</Text>
            <Anchor component="button" type="button" size="sm" onClick={() => void downloadUsersTemplate()}>
              {t('batch.template')}
            </Anchor>
            <FileInput
              label={t('batch.file')}
              accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              value={file}
              onChange={(value) => {
                setFile(value);
                setReport(null);
              }}
              leftSection={<IconFileSpreadsheet size={16} aria-hidden />}
              clearable
            />
            {superAdmin && (
              <NumberInput
                label={t('batch.schoolId')}
                value={schoolId}
                onChange={(value) => setSchoolId(typeof value === 'number' ? value : '')}
                min={1}
                allowDecimal={false}
                required
              />
            )}
          </>
        )}
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        {report && report.problems.length > 0 && <ProblemTable report={report} />}
        {report && done && <CreatedTable report={report} />}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {done ? t('batch.close') : t('common.cancel')}
          </Button>
          {!done && (
            <Button
              disabled={!file || (superAdmin && schoolId === '')}
              loading={upload.isPending}
              onClick={() => void submit()}
            >
              {t('batch.submit')}
            </Button>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}

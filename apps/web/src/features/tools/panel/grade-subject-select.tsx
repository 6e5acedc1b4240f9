import { NativeSelect } from '@mantine/core';
import type { Code } from '@ssaem/contracts/reference';
import { useTranslation } from 'react-i18next';
import { useCodes } from '../../library/api';
import { codeLabel, useGradeOptions } from '../api';

interface CodeSelectProps {
  value: number | null | undefined;
  onChange: (code: Code | null) => void;
  onBlur?: () => void;
  error?: string | undefined;
  required?: boolean;
}

function options(codes: readonly Code[], language: string, placeholder: string) {
  return [
    { value: '', label: placeholder },
    ...codes.map((code) => ({ value: String(code.codeSeq), label: codeLabel(code, language) })),
  ];
}

/** Grades the user may choose: all for administrators, their school level's otherwise. */
export function GradeSelect(props: CodeSelectProps) {
  const { t, i18n } = useTranslation('tools');
  const { grades } = useGradeOptions();
  return (
    <NativeSelect
      label={t('fields.grade')}
      required={props.required}
      data={options(grades, i18n.language, t('fields.gradePlaceholder'))}
      value={props.value ? String(props.value) : ''}
      onChange={(event) => {
        const seq = Number(event.currentTarget.value);
        props.onChange(grades.find((grade) => grade.codeSeq === seq) ?? null);
      }}
      onBlur={props.onBlur}
      error={props.error}
    />
  );
}

/** The subjects of the chosen grade (subjects hang under their grade in the code table). */
export function SubjectSelect(props: CodeSelectProps & { gradeSeq: number | null | undefined }) {
  const { t, i18n } = useTranslation('tools');
  const subjects = useCodes('SUBJECT', props.gradeSeq ?? undefined);
  const list = props.gradeSeq ? (subjects.data ?? []) : [];
  return (
    <NativeSelect
      label={t('fields.subject')}
      required={props.required}
      data={options(
        list,
        i18n.language,
        props.gradeSeq ? t('fields.subjectPlaceholder') : t('fields.subjectHint'),
      )}
      value={props.value ? String(props.value) : ''}
      onChange={(event) => {
        const seq = Number(event.currentTarget.value);
        props.onChange(list.find((subject) => subject.codeSeq === seq) ?? null);
      }}
      onBlur={props.onBlur}
      error={props.error}
    />
  );
}

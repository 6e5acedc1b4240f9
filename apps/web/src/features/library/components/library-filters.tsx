import { Button, Chip, Group, NativeSelect, SimpleGrid, TextInput } from '@mantine/core';
import { LIBRARY_FILTERS, MATERIAL_TYPES } from '@ssaem/contracts/library';
import type { Code } from '@ssaem/contracts/reference';
import { IconSearch } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChipFieldset } from '../../../components/chip-fieldset';
import { useCodes } from '../api';
import { isMaterialType } from '../material-type';
import type { LibraryFilter, LibrarySearchParams } from '../search-params';

interface LibraryFiltersProps {
  search: LibrarySearchParams;
  onChange: (patch: Partial<LibrarySearchParams>) => void;
}

function codeLabel(code: Code, language: string): string {
  return language.startsWith('en') ? code.translation || code.name : code.name;
}

const toNumber = (value: string) => (value ? Number(value) : undefined);

/** useCodes' "every parent" marker: subjects of all grades at once. */
const ALL_GRADES = 0;

function uniqueByName<T extends { name: string }>(codes: T[]): T[] {
  const seen = new Set<string>();
  return codes.filter((code) => !seen.has(code.name) && seen.add(code.name));
}

/** Keyword (sent on Enter or the button), grade, subject and material type, then the filter chips. */
export function LibraryFilters({ search, onChange }: LibraryFiltersProps) {
  const { t, i18n } = useTranslation('library');
  const [keyword, setKeyword] = useState(search.keyword ?? '');
  const grades = useCodes('GRADE');
  const subjects = useCodes('SUBJECT', search.gradeSeq);
  // Without a grade: each subject name once (수학 is a code per grade), in the order grades list them.
  const allSubjects = useCodes('SUBJECT', search.gradeSeq === undefined ? ALL_GRADES : undefined);

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    onChange({ keyword: keyword.trim() || undefined });
  };

  const any = { value: '', label: t('list.any') };
  const gradeOptions = [
    any,
    ...(grades.data ?? []).map((code) => ({
      value: String(code.codeSeq),
      label: codeLabel(code, i18n.language),
    })),
  ];
  const subjectOptions = [
    any,
    ...(search.gradeSeq
      ? (subjects.data ?? []).map((code) => ({
          value: String(code.codeSeq),
          label: codeLabel(code, i18n.language),
        }))
      : uniqueByName(allSubjects.data ?? []).map((code) => ({
          value: `name:${code.name}`,
          label: codeLabel(code, i18n.language),
        }))),
  ];
  const typeOptions = [
    any,
    ...MATERIAL_TYPES.map((type) => ({ value: type, label: t(`materialType.${type}`) })),
  ];

  return (
    <>
      {/* biome-ignore lint/a11y/useSemanticElements: <search> is still unknown to older school browsers. */}
      <form role="search" onSubmit={handleSubmit} aria-label={t('list.searchLabel')}>
        <Group align="flex-end" gap="sm" wrap="nowrap">
          <TextInput
            label={t('list.searchLabel')}
            placeholder={t('list.searchPlaceholder')}
            type="search"
            value={keyword}
            maxLength={100}
            onChange={(event) => setKeyword(event.currentTarget.value)}
            style={{ flex: 1 }}
          />
          <Button type="submit" leftSection={<IconSearch size={16} aria-hidden />}>
            {t('list.search')}
          </Button>
        </Group>
      </form>
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
        <NativeSelect
          label={t('list.grade')}
          data={gradeOptions}
          value={search.gradeSeq ? String(search.gradeSeq) : ''}
          onChange={(event) =>
            onChange({
              gradeSeq: toNumber(event.currentTarget.value),
              subjectSeq: undefined,
              subject: undefined,
            })
          }
        />
        <NativeSelect
          label={t('list.subject')}
          data={subjectOptions}
          value={
            search.subjectSeq ? String(search.subjectSeq) : search.subject ? `name:${search.subject}` : ''
          }
          onChange={(event) => {
            const value = event.currentTarget.value;
            onChange(
              value.startsWith('name:')
                ? { subject: value.slice(5), subjectSeq: undefined }
                : { subjectSeq: toNumber(value), subject: undefined },
            );
          }}
        />
        <NativeSelect
          label={t('list.materialType')}
          data={typeOptions}
          value={search.materialType ?? ''}
          onChange={(event) => {
            const value = event.currentTarget.value;
            onChange({ materialType: isMaterialType(value) ? value : undefined });
          }}
        />
      </SimpleGrid>
      <ChipFieldset legend={t('list.filtersLabel')}>
        <Chip.Group
          multiple={false}
          value={search.filter}
          onChange={(value) => onChange({ filter: value as LibraryFilter })}
        >
          <Group gap="xs">
            {LIBRARY_FILTERS.map((filter) => (
              <Chip key={filter} value={filter} variant="outline">
                {t(`list.filters.${filter}`)}
              </Chip>
            ))}
          </Group>
        </Chip.Group>
      </ChipFieldset>
    </>
  );
}

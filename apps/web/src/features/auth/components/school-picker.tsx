import '@mantine/core/styles/InlineInput.css';
import { Button, Group, Pagination, Radio, Stack, Text, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SCHOOL_PAGE_SIZE, type SchoolSummary, useSchoolSearch } from '../signup-api';

export interface PickedSchool {
  id: number;
  name: string;
}

interface SchoolPickerProps {
  value: PickedSchool | null;
  onChange: (school: PickedSchool) => void;
  /** An invitation fixes the school. */
  locked?: boolean;
  error?: string | undefined;
}

function schoolLine(school: SchoolSummary): string {
  return [school.officeName, school.address].filter(Boolean).join(' · ');
}

/** Finds a school by name (paged, 10 a page) and picks one. */
export function SchoolPicker({ value, onChange, locked = false, error }: SchoolPickerProps) {
  const { t } = useTranslation('signup');
  const [text, setText] = useState('');
  const [query, setQuery] = useState('');
  const [pageIndex, setPageIndex] = useState(0);
  const search = useSchoolSearch(query, pageIndex);

  if (locked && value) {
    return (
      <Text>
        {t('school.invited')}: <strong>{value.name}</strong>
      </Text>
    );
  }

  const handleSearch = () => {
    setQuery(text.trim());
    setPageIndex(0);
  };

  const pages = search.data ? Math.ceil(search.data.total / SCHOOL_PAGE_SIZE) : 0;
  return (
    <Stack gap="sm">
      <Group align="flex-end" gap="sm">
        <TextInput
          label={t('school.searchLabel')}
          placeholder={t('school.placeholder')}
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              handleSearch();
            }
          }}
          style={{ flex: '1 1 14rem' }}
          error={error}
        />
        <Button
          variant="light"
          leftSection={<IconSearch size={16} aria-hidden />}
          onClick={handleSearch}
          disabled={text.trim().length === 0}
        >
          {t('school.search')}
        </Button>
      </Group>
      {value && (
        <Text size="sm" role="status">
          {t('school.selected')}: <strong>{value.name}</strong>
        </Text>
      )}
      {search.isFetching && !search.data && <Text size="sm">{t('school.searching')}</Text>}
      {search.data && search.data.items.length === 0 && <Text size="sm">{t('school.noResults')}</Text>}
      {search.data && search.data.items.length > 0 && (
        <Radio.Group
          label={t('school.results', { total: search.data.total })}
          value={value ? String(value.id) : null}
          onChange={(id) => {
            const school = search.data?.items.find((item) => String(item.id) === id);
            if (school) onChange({ id: school.id, name: school.name });
          }}
        >
          <Stack gap={6} mt="xs">
            {search.data.items.map((school) => (
              <Radio
                key={school.id}
                value={String(school.id)}
                label={school.name}
                description={schoolLine(school)}
              />
            ))}
          </Stack>
        </Radio.Group>
      )}
      {pages > 1 && (
        <Pagination
          size="sm"
          total={pages}
          value={pageIndex + 1}
          onChange={(page) => setPageIndex(page - 1)}
          withEdges
          aria-label={t('school.pages')}
        />
      )}
    </Stack>
  );
}

import '@mantine/core/styles/Pagination.css';
import { Pagination } from '@mantine/core';
import { useTranslation } from 'react-i18next';

interface CataloguePagerProps {
  /** Number of pages (more than one). */
  total: number;
  /** The page shown, from 0. */
  page: number;
  onPage: (page: number) => void;
}

/** The catalogue's page controls, each named in the reader's language. */
export function CataloguePager({ total, page, onPage }: CataloguePagerProps) {
  const { t } = useTranslation('edutech');
  return (
    <Pagination
      total={total}
      value={page + 1}
      onChange={(next) => onPage(next - 1)}
      getControlProps={(control) => ({ 'aria-label': t(`catalogue.pager.${control}`) })}
    />
  );
}

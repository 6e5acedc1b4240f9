import { Loader } from '@mantine/core';
import { useWebtoonSvg } from '../api';

/**
 * The strip the server drew for a comic, as an image; `version` changes with the panels' text so
 * an edit shows at once. Used by the comic's own page and by the library's reading of it.
 */
export function WebtoonStrip({
  id,
  version,
  alt,
  loadingLabel,
}: {
  id: number;
  version: string;
  alt: string;
  loadingLabel: string;
}) {
  const svg = useWebtoonSvg(id, version);
  if (!svg.data) return <Loader size="sm" aria-label={loadingLabel} />;
  return (
    <img
      src={svg.data}
      alt={alt}
      data-testid="webtoon-strip"
      style={{ width: '100%', maxWidth: 800, height: 'auto', display: 'block', margin: '0 auto' }}
    />
  );
}

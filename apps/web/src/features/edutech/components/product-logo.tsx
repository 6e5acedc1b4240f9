import type { EdutechCategory } from '@ssaem/contracts/edutech';
import classes from './product-logo.module.css';

const CATEGORY_COLOR: Record<EdutechCategory, string> = {
  KOREAN_READING: 'grape',
  ENGLISH: 'indigo',
  MATH: 'blue',
  SOCIAL_SCIENCE: 'teal',
  ARTS_PE: 'pink',
  INFO_CODING: 'cyan',
  CREATIVE_FUSION: 'orange',
  METAVERSE: 'violet',
  CAREER: 'lime',
  CLASSWORK: 'green',
};

/** A product's stored logo (lazy-loaded), or its first letter on its category's colour. */
export function ProductLogo({
  name,
  logoUrl,
  category,
  size = 48,
}: {
  name: string;
  logoUrl: string | null;
  category: EdutechCategory | null;
  size?: number;
}) {
  if (logoUrl) {
    return (
      <img
        src={logoUrl}
        alt=""
        loading="lazy"
        decoding="async"
        width={size}
        height={size}
        style={{
          borderRadius: 12,
          objectFit: 'contain',
          background: 'var(--mantine-color-gray-0)',
          flexShrink: 0,
        }}
      />
    );
  }
  // A plain tile drawn like Mantine's light Avatar (same colour variables): the Avatar component
  // would add 3 kB to the catalogue's first load for one letter (bench/bundle.mjs).
  const color = category ? CATEGORY_COLOR[category] : 'gray';
  return (
    <span
      className={classes.letter}
      style={{
        width: size,
        height: size,
        minWidth: size,
        fontSize: size / 2.5,
        background: `var(--mantine-color-${color}-light)`,
        color: `var(--mantine-color-${color}-light-color)`,
      }}
      aria-hidden
    >
      {[...name.replace(/^[^\p{L}\p{N}]+/u, '')][0] ?? '?'}
    </span>
  );
}

import '@mantine/core/styles/Avatar.css';
import { Avatar } from '@mantine/core';
import type { EdutechCategory } from '@ssaem/contracts/edutech';

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
  return (
    <Avatar
      size={size}
      radius="md"
      color={category ? CATEGORY_COLOR[category] : 'gray'}
      variant="light"
      aria-hidden
    >
      {[...name.replace(/^[^\p{L}\p{N}]+/u, '')][0] ?? '?'}
    </Avatar>
  );
}

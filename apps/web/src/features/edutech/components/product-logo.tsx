import type { EdutechCategory } from '@ssaem/contracts/edutech';
import { type ProductLogoLook, productLogoLook } from '../card-look';
import classes from './product-logo.module.css';

/** A logo as card-look.ts works it out: the stored image (lazy-loaded), or the letter tile. */
export function ProductLogoView({ look, size = 48 }: { look: ProductLogoLook; size?: number }) {
  if (look.url) {
    return (
      <img
        src={look.url}
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
  return (
    <span
      className={classes.letter}
      style={{
        width: size,
        height: size,
        minWidth: size,
        fontSize: size / 2.5,
        background: `var(--mantine-color-${look.color}-light)`,
        color: `var(--mantine-color-${look.color}-light-color)`,
      }}
      aria-hidden
    >
      {look.letter}
    </span>
  );
}

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
  return <ProductLogoView look={productLogoLook(name, logoUrl, category)} size={size} />;
}

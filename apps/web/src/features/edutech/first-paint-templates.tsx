// Build time (src/prerender.tsx): the markup of the catalogue's cards, results and recommendation
// lines, rendered by the app's own components with markers where each product's words go. The
// prerendered /edutech page carries them as <template>s; first-paint.ts fills them with the first
// answers before the app is there, so the page it paints is the page the app then draws.
import { MantineProvider } from '@mantine/core';
import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { theme } from '../../app/theme';
import { i18n } from '../../lib/i18n';
import { LOGO_COLORS, type ProductCardLook, type ProductLogoLook, type StripItemLook } from './card-look';
import { NoResults, PagerRow, ResultList, ResultsView } from './components/edutech-page';
import { CardStateBadges, ProductCardView } from './components/product-card';
import { ProductLogoView } from './components/product-logo';
import {
  RecommendationStripView,
  StripEmpty,
  StripItem,
  StripItems,
} from './components/recommendation-strip';
import { type LogoKind, marker, TEMPLATE } from './first-paint-markers';

function logoMarkers(kind: LogoKind): ProductLogoLook {
  return {
    url: kind === 'image' ? marker('logo') : null,
    letter: marker('letter'),
    color: marker('color'),
  };
}

/** A card with every word a marker and none of the badges only some products have. */
function markedCardLook(logo: LogoKind, free: boolean): ProductCardLook {
  return {
    // A path: the marker follows its slash, as a link's target must start so.
    href: `/${marker('href')}`,
    name: marker('name'),
    vendor: marker('vendor'),
    logo: logoMarkers(logo),
    category: marker('category'),
    price: marker('price'),
    free,
    inUse: false,
    ended: false,
    bestSeller: false,
    steadySeller: false,
    description: marker('description'),
    levels: marker('levels'),
    likesLabel: marker('likesLabel'),
    likeCount: marker('likeCount'),
  };
}

function markedStripItemLook(logo: LogoKind): StripItemLook {
  return {
    href: `/${marker('href')}`,
    name: marker('name'),
    logo: logoMarkers(logo),
    reason: marker('reason'),
  };
}

const NO_STATE = { inUse: false, ended: false, bestSeller: false, steadySeller: false };

/** The components each template is drawn from. */
function templateElements(): Record<string, ReactElement> {
  const elements: Record<string, ReactElement> = {
    [TEMPLATE.results]: <ResultsView total={marker('total')}>{marker('body')}</ResultsView>,
    [TEMPLATE.list]: <ResultList>{marker('items')}</ResultList>,
    [TEMPLATE.empty]: <NoResults />,
    [TEMPLATE.pager]: <PagerRow />,
    [TEMPLATE.strip]: (
      <RecommendationStripView ai={marker('ai')} similar={marker('similar')} fresh={marker('fresh')} />
    ),
    [TEMPLATE.stripItems]: <StripItems>{marker('items')}</StripItems>,
    [TEMPLATE.stripEmpty]: <StripEmpty>{marker('text')}</StripEmpty>,
  };
  for (const logo of ['image', 'letter'] as const) {
    for (const free of [true, false]) {
      elements[TEMPLATE.card(logo, free)] = (
        <ProductCardView look={markedCardLook(logo, free)} stateBadges={marker('badges')} />
      );
    }
    elements[TEMPLATE.stripItem(logo)] = <StripItem look={markedStripItemLook(logo)} />;
  }
  for (const state of ['inUse', 'ended', 'bestSeller', 'steadySeller'] as const) {
    elements[TEMPLATE.badge(state)] = <CardStateBadges look={{ ...NO_STATE, [state]: true }} />;
  }
  return elements;
}

/** Renders `element` as the app draws it (theme, texts, a router for its links), without the page around it. */
export function renderFragment(element: ReactElement, idPrefix: string): string {
  return renderToStaticMarkup(
    <MantineProvider
      theme={theme}
      withCssVariables={false}
      withGlobalClasses={false}
      forceColorScheme="light"
    >
      <I18nextProvider i18n={i18n}>
        <MemoryRouter>{element}</MemoryRouter>
      </I18nextProvider>
    </MantineProvider>,
    // Each template's generated class names (responsive grids) apart from the page's and each other's.
    { identifierPrefix: idPrefix },
  );
}

/** Every template's HTML by name, in the language i18n is set to (the page's: Korean). */
export function renderFirstPaintTemplates(): Record<string, string> {
  return Object.fromEntries(
    Object.entries(templateElements()).map(([name, element], index) => [
      name,
      renderFragment(element, `fp${index}-`),
    ]),
  );
}

/**
 * A letter tile in every colour: not part of the page, only shown to the build's critical-CSS pass,
 * which keeps the colour variables the filled templates will read (theirs hold a marker).
 */
export function renderFirstPaintStyleSamples(): string {
  return renderFragment(
    <>
      {LOGO_COLORS.map((color) => (
        <ProductLogoView key={color} look={{ url: null, letter: '', color }} />
      ))}
    </>,
    'fp-samples-',
  );
}

import { type CSSVariablesResolver, createTheme, type MantineColorsTuple } from '@mantine/core';

// A calm sage green: shade 7 keeps white text on filled buttons above 4.5:1.
const sage: MantineColorsTuple = [
  '#ecf7f3',
  '#d9eee6',
  '#b0dccb',
  '#84c9ae',
  '#5fb996',
  '#48ae87',
  '#3a9a76',
  '#2b7d60',
  '#236b52',
  '#175844',
];

// System Korean fonts only: nothing is downloaded, and the CSP allows no external fonts. Each
// platform's own Korean font is named (Linux's Noto Sans CJK KR and NanumGothic too): when the first
// font the browser finds has no Hangul, it searches a fallback font for every run of text, which
// made laying out a public page on a Linux phone or desktop several times slower.
const KOREAN_FONT_STACK =
  "Pretendard, 'Apple SD Gothic Neo', 'Noto Sans KR', 'Malgun Gothic', 'Noto Sans CJK KR', NanumGothic, system-ui, -apple-system, 'Segoe UI', sans-serif";

export const theme = createTheme({
  primaryColor: 'sage',
  primaryShade: { light: 7, dark: 4 },
  colors: { sage },
  fontFamily: KOREAN_FONT_STACK,
  headings: {
    fontFamily: KOREAN_FONT_STACK,
    fontWeight: '700',
    sizes: {
      h1: { fontSize: 'clamp(1.9rem, 1.4rem + 2.2vw, 2.9rem)', lineHeight: '1.25' },
      h2: { fontSize: 'clamp(1.5rem, 1.25rem + 1.1vw, 2.1rem)', lineHeight: '1.3' },
      h3: { fontSize: '1.2rem', lineHeight: '1.4' },
    },
  },
  defaultRadius: 'md',
  radius: { md: '12px', lg: '18px' },
  cursorType: 'pointer',
  focusRing: 'auto',
  respectReducedMotion: true,
});

/** Warm paper background and a darker "dimmed" grey so secondary text still reads at 4.5:1. */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-body': '#fbfaf7',
    '--mantine-color-dimmed': '#495057',
  },
  dark: {},
});

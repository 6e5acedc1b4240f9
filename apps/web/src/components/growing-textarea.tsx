import '@mantine/core/styles/Input.css';
import { Textarea, type TextareaProps } from '@mantine/core';

/** Whether the browser sizes a textarea to its text by itself (CSS `field-sizing: content`). */
const BROWSER_SIZES_IT =
  typeof CSS !== 'undefined' && typeof CSS.supports === 'function' && CSS.supports('field-sizing', 'content');

/** Mantine's textarea border, top and bottom (Input.css: 0.0625rem each). */
const BORDERS = 'calc(0.125rem * var(--mantine-scale))';

/** The height of `rows` lines of text with the input's padding and border (its box is border-box). */
const heightOf = (rows: number) => `calc(${rows} * 1lh + 2 * var(--input-padding-y, 0rem) + ${BORDERS})`;

export type GrowingTextareaProps = Omit<TextareaProps, 'autosize' | 'styles'>;

/**
 * A textarea that grows with its text from `minRows` to `maxRows` lines, then scrolls. The
 * browser does the sizing where it can (CSS field-sizing); elsewhere Mantine measures the text.
 * Mantine's measuring reads the layout after every render: on the home after sign-in it forced
 * the page's first layout a second time (160 ms of a slow phone's main thread).
 */
export function GrowingTextarea({ minRows = 1, maxRows, ...props }: GrowingTextareaProps) {
  if (!BROWSER_SIZES_IT) return <Textarea {...props} autosize minRows={minRows} maxRows={maxRows} />;
  return (
    <Textarea
      {...props}
      rows={minRows}
      styles={{
        input: {
          fieldSizing: 'content',
          minHeight: heightOf(minRows),
          ...(maxRows ? { maxHeight: heightOf(maxRows), overflowY: 'auto' } : {}),
        },
      }}
    />
  );
}

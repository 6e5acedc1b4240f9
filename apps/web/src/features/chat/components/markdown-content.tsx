import { lazy, memo, Suspense } from 'react';
import classes from './markdown.module.css';

// The markdown, highlighting and math code is the heaviest part of the chat: it loads on first use.
const MarkdownRenderer = lazy(() =>
  import('./markdown-renderer').then((module) => ({ default: module.MarkdownRenderer })),
);

/** An answer's text as markdown; plain text shows while the renderer loads. */
export const MarkdownContent = memo(function MarkdownContent({ text }: { text: string }) {
  return (
    <Suspense
      fallback={
        <div className={classes.markdown} style={{ whiteSpace: 'pre-wrap' }}>
          {text}
        </div>
      }
    >
      <MarkdownRenderer text={text} />
    </Suspense>
  );
});

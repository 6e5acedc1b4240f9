import 'katex/dist/katex.min.css';
import Markdown, { type Components, defaultUrlTransform, type UrlTransform } from 'react-markdown';
import rehypeHighlight from 'rehype-highlight';
import rehypeKatex from 'rehype-katex';
import remarkGfm from 'remark-gfm';
import remarkMath from 'remark-math';
import classes from './markdown.module.css';

/**
 * Images only from this site, or inline (data:image, blob:): an external image would tell a third
 * party that the teacher read the answer.
 */
export function isAllowedImageSource(src: string, origin = window.location.origin): boolean {
  const value = src.trim();
  if (/^data:image\//i.test(value) || /^blob:/i.test(value)) return true;
  try {
    return new URL(value, origin).origin === origin;
  } catch {
    return false;
  }
}

const transformUrl: UrlTransform = (url, key, node) => {
  if (node.tagName === 'img' && key === 'src') return isAllowedImageSource(url) ? url : null;
  return defaultUrlTransform(url);
};

const components: Components = {
  img: ({ src, alt }) =>
    typeof src === 'string' && src && isAllowedImageSource(src) ? (
      <img src={src} alt={alt ?? ''} className={classes.image} />
    ) : null,
  a: ({ href, children }) => (
    <a href={href} target="_blank" rel="noopener noreferrer nofollow">
      {children}
    </a>
  ),
  table: ({ children }) => (
    <div className={classes.tableWrap}>
      <table>{children}</table>
    </div>
  ),
};

const remarkPlugins = [remarkGfm, remarkMath];
const rehypePlugins = [rehypeKatex, [rehypeHighlight, { detect: true, ignoreMissing: true }]] as const;

/** Markdown of an answer: GFM tables, highlighted code, KaTeX math; raw HTML is never rendered. */
export function MarkdownRenderer({ text }: { text: string }) {
  return (
    <div className={classes.markdown}>
      <Markdown
        remarkPlugins={remarkPlugins}
        // biome-ignore lint/suspicious/noExplicitAny: unified's plugin tuple type is not expressible as const
        rehypePlugins={rehypePlugins as any}
        skipHtml
        urlTransform={transformUrl}
        components={components}
      >
        {text}
      </Markdown>
    </div>
  );
}

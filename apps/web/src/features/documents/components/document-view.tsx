import type { DocumentModel } from '@ssaem/contracts/documents';
import { type CSSProperties, Fragment, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { toHexColor } from '../editor/to-model';
import { paragraphCss, tableColumnPercentsOf, textStyleCss } from '../editor/typography';
import classes from './document.module.css';

/*
 * A read-only rendering of the document model (packages/documents/src/document-model.ts), for
 * the viewer and for print. Unknown nodes render their children, so a newer model still shows.
 */

type ModelNode = {
  type: string;
  text?: string;
  attrs?: Record<string, unknown>;
  marks?: { type: string; attrs?: Record<string, unknown> }[];
  content?: ModelNode[];
};

const PAGE_NUMBER_FIELD = '{page}';

/** Renders each node with a positional key: the document is shown as a whole, never reordered. */
function each(nodes: ModelNode[] | undefined, render: (node: ModelNode) => ReactNode): ReactNode {
  // biome-ignore lint/suspicious/noArrayIndexKey: a static rendering; nodes have no identity.
  return (nodes ?? []).map((node, index) => <Fragment key={index}>{render(node)}</Fragment>);
}

/** A paragraph's or heading's alignment and spacing, drawn as the editor draws them. */
function blockStyle(node: ModelNode): CSSProperties | undefined {
  const align = node.attrs?.textAlign;
  const style: CSSProperties = {
    ...(typeof align === 'string' ? { textAlign: align as CSSProperties['textAlign'] } : {}),
    ...paragraphCss(node.attrs),
  };
  return Object.keys(style).length > 0 ? style : undefined;
}

function renderText(node: ModelNode): ReactNode {
  let out: ReactNode = node.text ?? '';
  for (const mark of node.marks ?? []) {
    if (mark.type === 'bold') out = <strong>{out}</strong>;
    else if (mark.type === 'italic') out = <em>{out}</em>;
    else if (mark.type === 'underline') out = <u>{out}</u>;
    else if (mark.type === 'strike') out = <s>{out}</s>;
    else if (mark.type === 'memo') {
      const memo = String(mark.attrs?.text ?? '');
      const author = typeof mark.attrs?.author === 'string' ? `${mark.attrs.author}: ` : '';
      out = (
        <mark className={classes.memo} title={`${author}${memo}`} data-memo={memo}>
          {out}
        </mark>
      );
    } else if (mark.type === 'textStyle') {
      const color = toHexColor(mark.attrs?.color);
      const style: CSSProperties = { ...(color ? { color } : {}), ...textStyleCss(mark.attrs) };
      if (Object.keys(style).length > 0) out = <span style={style}>{out}</span>;
    }
  }
  return out;
}

interface Notes {
  list: { number: number; text: string; kind: string }[];
}

function renderInline(node: ModelNode, notes: Notes): ReactNode {
  switch (node.type) {
    case 'text':
      return renderText(node);
    case 'hardBreak':
      return <br />;
    case 'equation':
      // 한글 equation script, shown as it reads in plain text.
      return <span data-equation="">{`[수식: ${String(node.attrs?.script ?? '').trim()}]`}</span>;
    case 'footnote': {
      const number = notes.list.length + 1;
      notes.list.push({
        number,
        text: String(node.attrs?.text ?? ''),
        kind: String(node.attrs?.kind ?? 'footnote'),
      });
      return (
        <sup className={classes.noteRef}>
          <a href={`#note-${number}`} id={`note-ref-${number}`}>
            {number}
          </a>
        </sup>
      );
    }
    default:
      return each(node.content, (child) => renderInline(child, notes));
  }
}

function cellStyle(node: ModelNode): CSSProperties | undefined {
  const background = toHexColor(node.attrs?.backgroundColor);
  return background ? { backgroundColor: background } : undefined;
}

function span(value: unknown): number | undefined {
  return typeof value === 'number' && value > 1 ? value : undefined;
}

function renderTable(node: ModelNode, notes: Notes): ReactNode {
  // The editor's rule (tableColumnPercents): the table fills the width, colwidth sets proportions.
  const percents = tableColumnPercentsOf(node);
  return (
    <div className={classes.tableWrap}>
      <table style={{ width: '100%' }}>
        <colgroup>
          {each(
            percents.map((percent) => ({ type: 'col', attrs: { percent } })),
            (col) => (
              <col style={{ width: `${col.attrs?.percent}%` }} />
            ),
          )}
        </colgroup>
        <tbody>
          {each(node.content, (row) => (
            <tr>
              {each(row.content, (cell) => {
                const Cell = cell.type === 'tableHeader' ? 'th' : 'td';
                return (
                  <Cell
                    colSpan={span(cell.attrs?.colspan)}
                    rowSpan={span(cell.attrs?.rowspan)}
                    style={cellStyle(cell)}
                  >
                    {each(cell.content, (child) => renderBlock(child, notes))}
                  </Cell>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function isShownImage(src: unknown): src is string {
  return typeof src === 'string' && /^(data:image\/|https?:|\/)/.test(src);
}

function renderBlock(node: ModelNode, notes: Notes): ReactNode {
  const inline = () => each(node.content, (child) => renderInline(child, notes));
  switch (node.type) {
    case 'paragraph':
      return <p style={blockStyle(node)}>{node.content?.length ? inline() : <br />}</p>;
    case 'heading': {
      const level = Math.min(6, Math.max(1, Number(node.attrs?.level) || 1));
      const Heading = `h${level}` as 'h1';
      return <Heading style={blockStyle(node)}>{inline()}</Heading>;
    }
    case 'bulletList':
      return <ul>{each(node.content, (item) => renderBlock(item, notes))}</ul>;
    case 'orderedList': {
      const start = typeof node.attrs?.start === 'number' ? node.attrs.start : undefined;
      return <ol start={start}>{each(node.content, (item) => renderBlock(item, notes))}</ol>;
    }
    case 'listItem':
      return <li>{each(node.content, (child) => renderBlock(child, notes))}</li>;
    case 'table':
      return renderTable(node, notes);
    case 'image': {
      const { src, alt, width, height } = node.attrs ?? {};
      if (!isShownImage(src)) return null;
      return (
        <img
          src={src}
          alt={typeof alt === 'string' ? alt : ''}
          width={typeof width === 'number' ? width : undefined}
          height={typeof height === 'number' ? height : undefined}
          className={classes.image}
        />
      );
    }
    case 'horizontalRule':
      return <hr />;
    case 'pageBreak':
      return <div className={classes.pageBreak} aria-hidden />;
    case 'sectionBreak':
      return <div className={classes.pageBreak} aria-hidden data-section-break="" />;
    case 'textBox': {
      const border = toHexColor(node.attrs?.borderColor) ?? '#000000';
      const background = toHexColor(node.attrs?.backgroundColor);
      return (
        <div
          className={classes.textBox}
          data-text-box=""
          style={{ border: `1px solid ${border}`, ...(background ? { backgroundColor: background } : {}) }}
        >
          {each(node.content, (child) => renderBlock(child, notes))}
        </div>
      );
    }
    default:
      return each(node.content, (child) => renderBlock(child, notes));
  }
}

function runningText(value: unknown): string {
  return typeof value === 'string' ? value.replaceAll(PAGE_NUMBER_FIELD, '').trim() : '';
}

/** The document as HTML: headings, lists, tables with spans and shading, images, notes. */
export function DocumentView({ document }: { document: DocumentModel }) {
  const { t } = useTranslation('documents');
  const notes: Notes = { list: [] };
  const root = document as unknown as ModelNode;
  const header = runningText(root.attrs?.header);
  const footer = runningText(root.attrs?.footer);
  const body = each(root.content, (node) => renderBlock(node, notes));
  return (
    <div className={classes.content} data-testid="document-view">
      {header ? <div className={classes.running}>{header}</div> : null}
      {body}
      {notes.list.length > 0 ? (
        <aside className={classes.notes} aria-label={t('viewer.notes')}>
          <ol>
            {notes.list.map((note) => (
              <li key={note.number} id={`note-${note.number}`}>
                {note.text}
              </li>
            ))}
          </ol>
        </aside>
      ) : null}
      {footer ? <div className={classes.running}>{footer}</div> : null}
    </div>
  );
}

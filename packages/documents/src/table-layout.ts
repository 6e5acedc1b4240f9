import type { TableCellNode, TableHeaderNode, TableNode } from './document-model.ts';

/** A model cell placed on the table grid. */
export type PlacedCell = {
  cell: TableCellNode | TableHeaderNode;
  row: number;
  col: number;
  rowSpan: number;
  colSpan: number;
};

/** Places cells on the grid like an HTML table and fills holes with empty cells, so the grid is whole. */
export function layoutTable(node: TableNode): { cells: PlacedCell[]; rowCount: number; colCount: number } {
  const rowCount = node.content.length;
  const occupied: boolean[][] = Array.from({ length: rowCount }, () => []);
  const cells: PlacedCell[] = [];
  node.content.forEach((row, rowIndex) => {
    const taken = occupied[rowIndex] ?? [];
    let col = 0;
    for (const cell of row.content) {
      while (taken[col]) col++;
      const colSpan = Math.max(1, Math.floor(cell.attrs?.colspan ?? 1));
      const rowSpan = Math.max(1, Math.min(Math.floor(cell.attrs?.rowspan ?? 1), rowCount - rowIndex));
      for (let r = rowIndex; r < rowIndex + rowSpan; r++) {
        const line = occupied[r] ?? [];
        for (let c = col; c < col + colSpan; c++) line[c] = true;
      }
      cells.push({ cell, row: rowIndex, col, rowSpan, colSpan });
      col += colSpan;
    }
  });
  const colCount = Math.max(1, ...occupied.map((line) => line.length));
  occupied.forEach((line, row) => {
    for (let col = 0; col < colCount; col++) {
      if (!line[col]) {
        cells.push({ cell: { type: 'tableCell', content: [] }, row, col, rowSpan: 1, colSpan: 1 });
        line[col] = true;
      }
    }
  });
  cells.sort((a, b) => a.row - b.row || a.col - b.col);
  return { cells, rowCount, colCount };
}

/**
 * Column widths that fill `total` (any unit): TipTap's pixel `colwidth` values count as
 * proportions; columns without one get the average of the others.
 */
export function columnWidths(cells: PlacedCell[], colCount: number, total: number): number[] {
  const known: (number | undefined)[] = new Array(colCount).fill(undefined);
  for (const placed of cells) {
    const colwidth = placed.cell.attrs?.colwidth;
    if (!colwidth || colwidth.length !== placed.colSpan) continue;
    colwidth.forEach((value, index) => {
      if (value > 0 && known[placed.col + index] === undefined) known[placed.col + index] = value;
    });
  }
  const given = known.filter((value): value is number => value !== undefined);
  const fallback = given.length > 0 ? given.reduce((a, b) => a + b, 0) / given.length : 1;
  const relative = known.map((value) => value ?? fallback);
  const sum = relative.reduce((a, b) => a + b, 0);
  const widths = relative.map((value) => Math.floor((value / sum) * total));
  // Rounding remainders go to the last column so the table is exactly as wide as asked.
  widths[widths.length - 1] = (widths[widths.length - 1] ?? 0) + total - widths.reduce((a, b) => a + b, 0);
  return widths;
}

/**
 * Column widths in percent of the table's width — the one rule the editor, the viewer and the
 * writers share (columnWidths), so a table is drawn alike everywhere: the table fills the text
 * width, and `colwidth` values only set the columns' proportions.
 */
export function tableColumnPercents(node: TableNode): number[] {
  const layout = layoutTable(node);
  return columnWidths(layout.cells, layout.colCount, 10_000).map((width) => width / 100);
}

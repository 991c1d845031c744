import type TurndownService from 'turndown';

/** GitHub-flavoured Markdown tables (turndown's core has none): the first row is the header. */
export function addTableRules(converter: TurndownService): void {
  converter.addRule('tableCell', {
    filter: ['th', 'td'],
    replacement: (content, node) =>
      `${isFirstCell(node) ? '| ' : ' '}${content.trim().replace(/\n+/g, ' ').replace(/\|/g, '\\|')} |`,
  });
  converter.addRule('tableRow', {
    filter: 'tr',
    replacement: (content, node) => {
      const row = `${content}\n`;
      if (!isHeaderRow(node)) return row;
      const cells = (node as unknown as TableNode).children.length;
      return `${row}|${' --- |'.repeat(cells)}\n`;
    },
  });
  converter.addRule('tableSection', { filter: ['thead', 'tbody', 'tfoot'], replacement: (content) => content });
  converter.addRule('table', { filter: 'table', replacement: (content) => `\n\n${content.replace(/\n+/g, '\n').trim()}\n\n` });
}

function isFirstCell(node: TurndownService.Node): boolean {
  return (node as unknown as TableNode).previousElementSibling === null;
}

function isHeaderRow(node: TurndownService.Node): boolean {
  const row = node as unknown as TableNode;
  const table = row.closest('table');
  return table !== null && table.querySelector('tr') === row;
}

/** The parts of a DOM element the rules read (the project builds without the DOM library). */
interface TableNode {
  children: { length: number };
  previousElementSibling: unknown;
  closest(selector: string): { querySelector(selector: string): unknown } | null;
}

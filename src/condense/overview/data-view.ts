// The overview of a data output and the lines it pins: the recogniser's own overview, then what the output's
// shape says (an annotated tree, a table with rare rows), so a view names what matters instead of sampling.

import type { OverviewKind } from '../types.js';
import type { DataView } from './data-view-types.js';
import { overviews } from './index.js';
import { namesEveryEntry } from './listing.js';
import { namesEveryListedFile } from './changed-files.js';
import { pinsFor } from './pins.js';
import { tableView } from './table.js';
import { treeView } from './tree.js';

/** Kinds whose lines are never a tree or a table of their own (a diff's `+-` lines, a history, matches). */
const NOT_SHAPED: ReadonlySet<OverviewKind> = new Set<OverviewKind>(['diff', 'commits', 'matches']);
/** A listing's `ls -l` columns are metadata its own overview counts, not a table of states. */
const NOT_TABLES: ReadonlySet<OverviewKind> = new Set<OverviewKind>(['listing']);

export function dataView(lines: readonly string[], kind: OverviewKind | undefined): DataView {
  const header = kind === undefined ? [] : overviews[kind](lines);
  const pinned: number[] = [];
  let complete = namesEveryEntry(header) || namesEveryListedFile(header);
  const add = (view: DataView | undefined): void => {
    if (view === undefined) return;
    header.push(...view.header);
    pinned.push(...view.pinned);
    if (view.complete === true) complete = true;
  };
  if (kind !== undefined) add(pinsFor[kind]?.(lines));
  if (kind === undefined || !NOT_SHAPED.has(kind))
    add(treeView(lines) ?? (kind !== undefined && NOT_TABLES.has(kind) ? undefined : tableView(lines)));
  return { header, pinned, complete };
}

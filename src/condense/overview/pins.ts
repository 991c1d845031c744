// What a kind of data output adds beside its overview: lines kept whatever the budget, and more overview lines.

import type { OverviewKind } from '../types.js';
import { folderLines, listedFiles, MAX_NAMED_FILES } from './changed-files.js';
import type { DataView } from './data-view-types.js';
import { notableListing } from './listing-notable.js';
import { rareRequests } from './rare-requests.js';
import { subjectLines } from './subjects.js';

function history(lines: readonly string[]): DataView {
  const files = listedFiles(lines);
  const header =
    files.size === 0 ? [] : [`[overview: ${files.size} file${files.size === 1 ? '' : 's'} touched]`, ...folderLines(files)];
  return { header, pinned: subjectLines(lines), complete: files.size > 0 && files.size <= MAX_NAMED_FILES };
}

export const pinsFor: Partial<Record<OverviewKind, (lines: readonly string[]) => DataView | undefined>> = {
  commits: history,
  log: rareRequests,
  listing: notableListing,
};

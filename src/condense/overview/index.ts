import type { OverviewKind } from '../types.js';
import { commitsOverview } from './commits.js';
import { diffOverview } from './diff.js';
import { listingOverview } from './listing.js';
import { logOverview } from './log.js';
import { matchesOverview } from './matches.js';

export const overviews: Readonly<Record<OverviewKind, (lines: readonly string[]) => string[]>> = {
  commits: commitsOverview,
  diff: diffOverview,
  listing: listingOverview,
  matches: matchesOverview,
  log: logOverview,
};

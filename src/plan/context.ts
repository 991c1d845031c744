import type { Node, Parser } from 'web-tree-sitter';
import type { RuleIndex } from './match.js';
import type { Facts } from './segment.js';
import type { PlanSegment } from './types.js';
import type { Word } from './words.js';

/** The state of one `plan()` call while the tree is walked. */
export interface WalkContext {
  parser: Parser;
  index: RuleIndex;
  maxDepth: number;
  deadline: number;
  segments: PlanSegment[];
  hasError: boolean;
  timedOut: boolean;
  /** Levels of syntax being walked, and whether the cap on them was reached. */
  nesting: number;
  /** Words the grammar hung on a redirect, by the id of the command they belong to. */
  extraWords: Map<number, Word[]>;
  tooDeep: boolean;
  walkNode(node: Node, depth: number): void;
  walkSource(text: string, depth: number): void;
  walkSubstitutions(node: Node, depth: number, facts: Facts): boolean;
}

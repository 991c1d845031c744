import type { Node, Parser } from 'web-tree-sitter';
import type { RuleIndex } from './match.js';
import type { Facts } from './segment.js';
import type { PlanSegment } from './types.js';

/** The state of one `plan()` call while the tree is walked. */
export interface WalkContext {
  parser: Parser;
  index: RuleIndex;
  maxDepth: number;
  deadline: number;
  segments: PlanSegment[];
  hasError: boolean;
  timedOut: boolean;
  walkNode(node: Node, depth: number): void;
  walkSource(text: string, depth: number): void;
  walkSubstitutions(node: Node, depth: number, facts: Facts): boolean;
}

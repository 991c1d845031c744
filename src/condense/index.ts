export { condense } from './condense.js';
export { DEFAULT_BUDGET_TOKENS } from './options.js';
export { estimateTokens } from './tokens.js';
export { normalizeText } from './normalize.js';
export { defaultRecognisers } from './recognisers/index.js';
export type {
  BlockEnd,
  BlockRule,
  CondenseInput,
  CondenseOptions,
  CondenseResult,
  LineRange,
  OverviewKind,
  Recogniser,
  Recognizer,
  StreamCut,
} from './types.js';

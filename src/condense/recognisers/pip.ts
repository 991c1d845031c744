import type { Recogniser } from '../types.js';

export const pip: Recogniser = {
  name: 'pip',
  command: /^(?:pip\d?(?:\.\d+)?|uv pip|python\d?(?:\.\d+)? -m pip)\s+(?:install|download|wheel)\b/,
  detect: /^(?:Collecting|Requirement already satisfied|Successfully installed) /m,
  signals: [/^ERROR: /, /^\s*error: /, /^WARNING: Retrying/],
  noise: [/^\s*(?:Downloading|Using cached|Obtaining|Collecting|Requirement already satisfied)\s/, /^\s*[━╸\-=]{5,}/],
  summary: [/^Successfully (?:installed|built|downloaded) /],
};

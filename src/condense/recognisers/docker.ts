import type { Recogniser } from '../types.js';

export const docker: Recogniser = {
  name: 'docker build',
  command: /^(?:docker|podman|buildah)\s+(?:build|buildx\s+build|compose\s+build)\b/,
  detect: /^#\d+ \[(?:internal|\S+ \d+\/\d+)\]/m,
  signals: [/^#\d+ ERROR:/, /^ERROR: /, /^\s*> \[.*\] RUN .*:$/, /^------$/],
  blocks: [{ start: /^ERROR: failed to solve/, until: 'blank', maxLines: 20 }],
  structure: [/^#\d+ \[\S+ \d+\/\d+\] /],
  noise: [/^#\d+ (?:sha256:|extracting|\d+\.\d+ )/, /^#\d+ (?:DONE|CACHED) /, /^#\d+ transferring /],
  summary: [/^#\d+ naming to /, /^Successfully (?:built|tagged) /],
};

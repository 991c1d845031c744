import type { Recogniser } from '../types.js';

export const tsc: Recogniser = {
  name: 'tsc',
  command: /^(?:tsc|vue-tsc|tsgo)(?:\s|$)/,
  detect: /^\S+(?:\(\d+,\d+\):|:\d+:\d+ -) error TS\d+/m,
  signals: [/\berror TS\d+\b/],
  blocks: [
    { start: /^\S+:\d+:\d+ - (?:error|warning) TS\d+/, until: /^\S+:\d+:\d+ - (?:error|warning)|^Found \d+ error/, maxLines: 12 },
  ],
  summary: [/^Found \d+ errors? in /, /^Errors {2}Files$/],
};

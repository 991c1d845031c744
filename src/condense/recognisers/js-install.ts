import type { Recogniser } from '../types.js';

/** npm, pnpm, yarn and bun installs. */
export const jsInstall: Recogniser = {
  name: 'npm/pnpm/yarn',
  command: /^(?:npm|pnpm|yarn|bun)\s+(?:install|i|ci|add|update|up|remove|rm|uninstall)\b/,
  detect: /^(?:npm (?:warn|error|ERR!)|added \d+ packages?|Progress: resolved \d+)/m,
  signals: [/^npm (?:ERR!|error) (?=\S)(?!\[-)/, /^\s*ERR_PNPM_/, /^error /, /^npm warn deprecated/],
  noise: [/^Progress: resolved \d+/, /^\s*[⠁-⣿]\s*$/, /^(?:npm )?(?:timing|http fetch) /],
  summary: [
    /^(?:added|removed|changed|up to date)\b/,
    /^\d+ packages? (?:are looking for funding|audited)/,
    /^found \d+ vulnerabilit/,
    /^Done in [\d.]+s/,
  ],
};

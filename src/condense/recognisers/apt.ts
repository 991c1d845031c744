import type { Recogniser } from '../types.js';

export const apt: Recogniser = {
  name: 'apt',
  command: /^(?:apt|apt-get|dpkg)\s/,
  detect: /^Reading package lists\.\.\.|^Setting up \S+ \(/m,
  signals: [/^E: /, /^dpkg: error/, /^W: /],
  noise: [
    /^(?:Get|Hit|Ign):\d+ /,
    /^(?:Selecting previously|Preparing to unpack|Unpacking|Setting up|Processing triggers|\(Reading database) /,
  ],
  summary: [/^\d+ upgraded, \d+ newly installed/, /^Fetched /],
};

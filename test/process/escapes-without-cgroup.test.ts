import { describe } from 'vitest';
import { escapeCases } from './escape-cases.js';

// Read when the host first makes a run: this file's runs use the session, parent chain and tag marks.
process.env.TERSH_CGROUPS = '0';

describe('processes that try to escape their run (no cgroup: marks found in one /proc scan)', () => {
  escapeCases(false);
});

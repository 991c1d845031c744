import { describe } from 'vitest';
import { escapeCases } from './escape-cases.js';

describe('processes that try to escape their run (a cgroup per run, where the host may create one)', () => {
  escapeCases(true);
});

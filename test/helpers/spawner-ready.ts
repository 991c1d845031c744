// A setup file of every test file: when runs start through the warm spawner by default, its helper is ready
// before the first test, so that the suite tests the helper rather than the direct start used while it boots.
import { beforeAll } from 'vitest';
import { warmSpawnerReady } from '../../src/process/warm/helper-state.js';
import { defaultSpawner } from '../../src/process/warm/spawner-choice.js';

if (defaultSpawner() === 'warm' && process.platform === 'linux') {
  beforeAll(async () => {
    await warmSpawnerReady();
  });
}

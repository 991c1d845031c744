/** How a run's process starts: forked by the host, by the warm spawner's helper, or chosen by the host's size. */
export type SpawnerChoice = 'direct' | 'warm' | 'auto';

export const SPAWNER_CHOICES: readonly SpawnerChoice[] = ['direct', 'warm', 'auto'];

/** Where nothing chooses: the helper on Linux (where the whole suite passes through it), direct forks elsewhere. */
export const PLATFORM_SPAWNER: SpawnerChoice = process.platform === 'linux' ? 'warm' : 'direct';

/** The default choice: the `TERSH_SPAWNER` environment variable when it names one, else the platform's. */
export function defaultSpawner(): SpawnerChoice {
  const fromEnv = process.env.TERSH_SPAWNER;
  return SPAWNER_CHOICES.find((choice) => choice === fromEnv) ?? PLATFORM_SPAWNER;
}

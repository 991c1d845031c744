/** How a run's process starts: forked by the host, by the warm spawner's helper, or chosen by the host's size. */
export type SpawnerChoice = 'direct' | 'warm' | 'auto';

export const SPAWNER_CHOICES: readonly SpawnerChoice[] = ['direct', 'warm', 'auto'];

/** The default choice: the `TERSH_SPAWNER` environment variable when it names one, else `fallback`. */
export function defaultSpawner(fallback: SpawnerChoice): SpawnerChoice {
  const fromEnv = process.env.TERSH_SPAWNER;
  return SPAWNER_CHOICES.find((choice) => choice === fromEnv) ?? fallback;
}

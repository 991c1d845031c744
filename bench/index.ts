// Runs every bench/*.bench.ts in turn, or only those whose name contains an argument:
//   npm run bench            all of them
//   npm run bench -- plan    only bench/plan.bench.ts
//   BENCH_SPAWNER_PARTS=big,big-output npm run bench -- spawner
//                            only those parts of the spawner bench (small, big, timeout, big-output)
import { readdirSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { join } from 'node:path';

const here = fileURLToPath(new URL('.', import.meta.url));
const filters = process.argv.slice(2);
const files = readdirSync(here)
  .filter((name) => name.endsWith('.bench.ts'))
  .filter((name) => filters.length === 0 || filters.some((f) => name.includes(f)))
  .sort();

for (const file of files) {
  console.log(`\n=== ${file} ===`);
  const module = (await import(pathToFileURL(join(here, file)).href)) as { default: () => Promise<void> };
  await module.default();
}

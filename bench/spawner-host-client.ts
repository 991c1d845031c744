// The bench's side of bench/fixtures/spawner-host.ts: starts a host of a size and role, and asks it for measures.
import { type ChildProcessByStdio, spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import type { Readable, Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';

const hostScript = fileURLToPath(new URL('./fixtures/spawner-host.ts', import.meta.url));

export class SpawnerHost {
  private readonly answers: AsyncIterator<string>;

  private constructor(private readonly child: ChildProcessByStdio<Writable, Readable, null>) {
    this.answers = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  }

  /** A host holding `size`'s memory, measuring the contenders of `role`, once it says it is ready. */
  static async start(size: 'small' | 'big', role: 'fork' | 'warm'): Promise<SpawnerHost> {
    const child = spawn(process.execPath, ['--max-old-space-size=4096', '--import', 'tsx', hostScript, size, role], {
      stdio: ['pipe', 'pipe', 'inherit'],
    });
    const host = new SpawnerHost(child);
    await host.next();
    return host;
  }

  async ask<T>(request: Record<string, unknown>): Promise<T> {
    this.child.stdin.write(`${JSON.stringify(request)}\n`);
    return JSON.parse(await this.next()) as T;
  }

  close(): void {
    this.child.stdin.end();
  }

  private async next(): Promise<string> {
    const { value, done } = await this.answers.next();
    if (done) throw new Error('the spawner host ended before answering');
    return value;
  }
}

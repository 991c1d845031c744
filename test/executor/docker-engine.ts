// A real Docker engine for the tests: dockerd started here with no network of its own (--iptables=false
// --bridge=none), its data, exec root, pidfile and socket under a temp folder, stopped at the end. The image is
// imported from a busybox-static root file system (no registry), its tarball cached under .cache/.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { request } from 'node:http';
import { join, resolve } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';

export const TEST_IMAGE = 'tersh-test-busybox:1';
const CACHE_DIR = resolve(import.meta.dirname, '../../.cache/docker');
const ROOTFS_TAR = join(CACHE_DIR, 'busybox-rootfs.tar');
const BUSYBOX = '/bin/busybox';

export interface DockerEngine {
  socketPath: string;
  /** Starts a container of the test image (`--network none --init`, sleeping) and returns its name. */
  startContainer(name: string): Promise<string>;
  /** Runs the docker CLI against this engine (an independent view of the containers). */
  cli(args: string[]): { status: number | null; stdout: string; stderr: string };
  /** Command lines of the live processes in a container, by `docker exec … ps` (the CLI, not tersh). */
  commandLines(container: string): Promise<string[]>;
  stop(): Promise<void>;
}

/** Why no engine can be started here, or undefined when one can. */
export function dockerUnavailable(): string | undefined {
  for (const program of ['dockerd', 'docker']) {
    if (spawnSync('sh', ['-c', `command -v ${program}`]).status !== 0)
      return `${program} is not installed (apt-get install docker.io)`;
  }
  if (!existsSync(BUSYBOX)) return `${BUSYBOX} is missing (apt-get install busybox-static)`;
  if (process.getuid?.() !== 0) return 'dockerd needs root';
  return undefined;
}

function buildRootfsTar(): void {
  if (existsSync(ROOTFS_TAR)) return;
  mkdirSync(CACHE_DIR, { recursive: true });
  const root = mkdtempSync(join(CACHE_DIR, 'rootfs-'));
  for (const dir of ['bin', 'tmp', 'proc', 'sys', 'dev', 'etc', 'work', 'root', 'var/tmp'])
    mkdirSync(join(root, dir), { recursive: true });
  copyFileSync(BUSYBOX, join(root, 'bin/busybox'));
  const applets = spawnSync(BUSYBOX, ['--list'], { encoding: 'utf8' }).stdout.split('\n').filter(Boolean);
  for (const applet of applets) if (applet !== 'busybox') symlinkSync('busybox', join(root, 'bin', applet));
  writeFileSync(join(root, 'etc/passwd'), 'root:x:0:0:root:/root:/bin/sh\nnobody:x:65534:65534:nobody:/:/bin/sh\n');
  writeFileSync(join(root, 'etc/group'), 'root:x:0:\nnogroup:x:65534:\n');
  const tar = spawnSync('tar', ['-C', root, '-cf', `${ROOTFS_TAR}.part`, '.']);
  rmSync(root, { recursive: true, force: true });
  if (tar.status !== 0) throw new Error(`tar failed: ${tar.stderr}`);
  spawnSync('mv', [`${ROOTFS_TAR}.part`, ROOTFS_TAR]);
}

function api(
  socketPath: string,
  method: string,
  path: string,
  body?: Buffer | string,
  contentType = 'application/json',
): Promise<{ status: number; text: string }> {
  return new Promise((resolvePromise, reject) => {
    const req = request(
      {
        socketPath,
        method,
        path,
        headers: body === undefined ? {} : { 'Content-Type': contentType, 'Content-Length': Buffer.byteLength(body) },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolvePromise({ status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }),
        );
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

async function waitForEngine(socketPath: string, daemon: ChildProcess, log: () => string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (daemon.exitCode !== null) throw new Error(`dockerd exited (${daemon.exitCode}): ${log().slice(-2000)}`);
    const ping = await api(socketPath, 'GET', '/_ping').catch(() => undefined);
    if (ping?.status === 200) return;
    await delay(100);
  }
  throw new Error(`dockerd did not answer on ${socketPath} within 60 s: ${log().slice(-2000)}`);
}

export async function startDockerEngine(): Promise<DockerEngine> {
  buildRootfsTar();
  // A short path: a unix socket's path is limited to 108 bytes.
  const root = mkdtempSync('/tmp/tersh-dockerd-');
  const socketPath = join(root, 'docker.sock');
  let log = '';
  const daemon = spawn(
    'dockerd',
    [
      '--iptables=false',
      '--ip6tables=false',
      '--bridge=none',
      '--data-root',
      join(root, 'data'),
      '--exec-root',
      join(root, 'exec'),
      '--pidfile',
      join(root, 'docker.pid'),
      '--host',
      `unix://${socketPath}`,
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  daemon.stdout!.on('data', (chunk) => (log += String(chunk)));
  daemon.stderr!.on('data', (chunk) => (log = (log + String(chunk)).slice(-20_000)));
  try {
    await waitForEngine(socketPath, daemon, () => log);
    const imported = await api(
      socketPath,
      'POST',
      `/images/create?fromSrc=-&repo=${TEST_IMAGE.split(':')[0]}&tag=${TEST_IMAGE.split(':')[1]}`,
      await readFile(ROOTFS_TAR),
      'application/x-tar',
    );
    if (imported.status !== 200) throw new Error(`docker import failed (${imported.status}): ${imported.text}`);
  } catch (error) {
    daemon.kill('SIGKILL');
    throw error;
  }
  const env = { ...process.env, DOCKER_HOST: `unix://${socketPath}` };
  const cli = (args: string[]): { status: number | null; stdout: string; stderr: string } => {
    const out = spawnSync('docker', args, { env, encoding: 'utf8', timeout: 60_000 });
    return { status: out.status, stdout: out.stdout, stderr: out.stderr };
  };
  return {
    socketPath,
    cli,
    async startContainer(name) {
      const started = cli(['run', '-d', '--init', '--network', 'none', '--name', name, TEST_IMAGE, 'sleep', '999999']);
      if (started.status !== 0) throw new Error(`docker run failed: ${started.stderr}`);
      return name;
    },
    async commandLines(container) {
      const out = cli(['exec', container, 'ps', '-o', 'args']);
      return out.stdout
        .split('\n')
        .slice(1)
        .map((line) => line.trim())
        .filter(Boolean);
    },
    async stop() {
      const names = cli(['ps', '-aq']).stdout.split('\n').filter(Boolean);
      if (names.length > 0) cli(['rm', '-f', ...names]);
      daemon.kill('SIGTERM');
      const exited = new Promise((resolveExit) => daemon.once('exit', resolveExit));
      if (!(await Promise.race([exited.then(() => true), delay(20_000).then(() => false)]))) daemon.kill('SIGKILL');
      // Overlay mounts of the data root go with the daemon; what is left is plain files.
      for (const entry of readdirSync(root)) rmSync(join(root, entry), { recursive: true, force: true, maxRetries: 3 });
      rmSync(root, { recursive: true, force: true });
    },
  };
}

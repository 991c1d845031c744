import { randomBytes } from 'node:crypto';
import { constants } from 'node:os';
import { PassThrough, type Readable } from 'node:stream';
import type { LaunchRequest, ProcessExit } from './types.js';
import { WRAPPER_SCRIPT } from './wrapper-script.js';
import { invalid } from '../validate.js';

/** How the supervisor in the target ties the run to the channel (see WRAPPER_SCRIPT). */
export type WrapperMode = 'lifeline' | 'stdin' | 'detached';

/** What the first stdout line of a wrapped run said. */
export type WrapperReport = { pgid: number } | { refused: 'enoent' | 'eacces' | 'nocwd' | 'nosetsid' };

const REFUSALS = ['enoent', 'eacces', 'nocwd', 'nosetsid'] as const;
const MAX_HEADER_BYTES = 256;

export function newNonce(): string {
  return `tersh-${randomBytes(8).toString('hex')}`;
}

export function wrapperMode(request: Pick<LaunchRequest, 'stdin' | 'detached'>): WrapperMode {
  if (request.stdin === 'pipe') return 'stdin';
  return request.detached ? 'detached' : 'lifeline';
}

/** The argv the transport starts in the target for one run: `sh -c <wrapper> tersh-supervisor …` (no other shell in between). */
export function wrapperArgv(request: LaunchRequest, nonce: string, tagVariable: string): string[] {
  const pairs = Object.entries(request.env)
    .filter((entry): entry is [string, string] => entry[1] !== undefined)
    .map(([name, value]) => `${name}=${value}`);
  const path = request.env.PATH ?? '/usr/local/bin:/usr/bin:/bin';
  return [
    'sh',
    '-c',
    WRAPPER_SCRIPT,
    'tersh-supervisor',
    WRAPPER_SCRIPT,
    nonce,
    wrapperMode(request),
    `${tagVariable}=${request.tag}`,
    request.cwd,
    path,
    String(pairs.length),
    ...pairs,
    request.file,
    ...request.args,
  ];
}

/** The error a refusal becomes: ENOENT/EACCES as spawn(2) would give them, so run() reports a start failure as locally. */
export function refusalError(
  refused: Extract<WrapperReport, { refused: string }>['refused'],
  request: LaunchRequest,
  target: string,
): Error {
  if (refused === 'nocwd') return invalid('cwd', `an existing directory in ${target}`, request.cwd);
  const texts = {
    enoent: [`spawn ${request.file} ENOENT (not found in ${target})`, 'ENOENT'],
    eacces: [`spawn ${request.file} EACCES (not executable in ${target})`, 'EACCES'],
    nosetsid: [`setsid is not installed in ${target}: its process groups cannot be managed`, 'ENOENT'],
  } as const;
  const [message, code] = texts[refused];
  return Object.assign(new Error(message), { code, errno: -constants.errno[code], syscall: 'spawn', path: request.file });
}

/**
 * Splits the report line off a wrapped run's stdout: resolves with the report (undefined when the stream ended or
 * began otherwise) and passes every later byte through `output`.
 */
export function readReport(stdout: Readable, nonce: string): { report: Promise<WrapperReport | undefined>; output: Readable } {
  const output = new PassThrough({ highWaterMark: 64 * 1024 });
  let header: Buffer = Buffer.alloc(0);
  let settle: (report: WrapperReport | undefined) => void = () => undefined;
  const report = new Promise<WrapperReport | undefined>((resolve) => (settle = resolve));
  const onData = (chunk: Buffer): void => {
    header = Buffer.concat([header, chunk]);
    const end = header.indexOf(10);
    if (end === -1 && header.length < MAX_HEADER_BYTES) return;
    stdout.off('data', onData);
    stdout.off('end', onEnd);
    stdout.pause();
    settle(parseReport(header.subarray(0, end === -1 ? header.length : end).toString('latin1'), nonce));
    const rest = end === -1 ? header : header.subarray(end + 1);
    if (rest.length > 0) output.write(rest);
    stdout.pipe(output);
  };
  const onEnd = (): void => {
    settle(undefined);
    output.end();
  };
  stdout.on('data', onData);
  stdout.once('end', onEnd);
  stdout.once('error', (error) => output.destroy(error));
  return { report, output };
}

function parseReport(line: string, nonce: string): WrapperReport | undefined {
  if (!line.startsWith(`${nonce} `)) return undefined;
  const word = line.slice(nonce.length + 1).trim();
  const refused = REFUSALS.find((name) => name === word);
  if (refused) return { refused };
  const pgid = Number(word);
  return Number.isSafeInteger(pgid) && pgid > 0 ? { pgid } : undefined;
}

const SIGNALS_BY_NUMBER = new Map(Object.entries(constants.signals).map(([name, number]) => [number, name as NodeJS.Signals]));

/**
 * What the wrapper's witness said of the command's end (see WRAPPER_SCRIPT): its exit code, or the signal's number
 * and the target's name for it (numbers differ between systems: 10 is SIGUSR1 on Linux, SIGBUS on macOS).
 */
export type WrapperStatus = { exit: number } | { signal: number; name?: string };

function signalNamed(name: string | undefined): NodeJS.Signals | undefined {
  const full = `SIG${name}`;
  return name !== undefined && Object.hasOwn(constants.signals, full) ? (full as NodeJS.Signals) : undefined;
}

/**
 * The run's exit: the witness's word when it spoke, else the supervisor's status, where POSIX `wait` reports a
 * death by signal N as 128+N, so a status of 129–159 is read as that signal (a target without /proc).
 */
export function exitFromStatus(code: number | null, said?: WrapperStatus): ProcessExit {
  if (said && 'exit' in said) return { code: said.exit, signal: null };
  const number = said ? said.signal : code !== null && code > 128 && code < 160 ? code - 128 : undefined;
  const named = said && 'signal' in said ? signalNamed(said.name) : undefined;
  const signal = named ?? (number === undefined ? undefined : SIGNALS_BY_NUMBER.get(number));
  if (signal) return { code: null, signal };
  return { code: said && 'signal' in said ? null : code, signal: null };
}

// A classic-BPF seccomp program, handed to bubblewrap with --seccomp, that keeps the command from making a
// unix socket of its own: a mount namespace does not cut unix sockets, so without it a confined command could
// connect to /run/docker.sock or systemd's private socket and act outside the sandbox, network off or not.
// Stream and seqpacket socketpairs stay allowed (pipes between the command's own processes keep working).
import { syscallRules, type SyscallRules } from './seccomp-rules.js';

const ldAbsWord = 0x20;
const andConstant = 0x54;
const jumpIfEqual = 0x15;
const ret = 0x06;
const allow = 0x7fff0000;
const errno = (code: number): number => 0x00050000 | code;
const eperm = errno(1);
const enosys = errno(38);
const afUnix = 1;
const sockStream = 1;
const sockSeqpacket = 5;
const sockTypeMask = 0xf;
const offsetNr = 0;
const offsetArch = 4;
const offsetArg0 = 16;
const offsetArg1 = 24;

type Instruction = [code: number, jumpTrue: number, jumpFalse: number, k: number];

/** Each block runs with the syscall number in the accumulator and always returns. */
const socketBlock: Instruction[] = [
  [ldAbsWord, 0, 0, offsetArg0],
  [jumpIfEqual, 0, 1, afUnix],
  [ret, 0, 0, eperm],
  [ret, 0, 0, allow],
];
const socketpairBlock: Instruction[] = [
  [ldAbsWord, 0, 0, offsetArg1],
  [andConstant, 0, 0, sockTypeMask],
  [jumpIfEqual, 2, 0, sockStream],
  [jumpIfEqual, 1, 0, sockSeqpacket],
  [ret, 0, 0, eperm],
  [ret, 0, 0, allow],
];

function architectureBody(rules: SyscallRules): Instruction[] {
  const checks: [number, Instruction[]][] = [
    ...rules.refused.map((nr): [number, Instruction[]] => [nr, [[ret, 0, 0, eperm]]]),
    ...rules.unimplemented.map((nr): [number, Instruction[]] => [nr, [[ret, 0, 0, enosys]]]),
    ...rules.socket.map((nr): [number, Instruction[]] => [nr, socketBlock]),
    ...rules.socketpair.map((nr): [number, Instruction[]] => [nr, socketpairBlock]),
  ];
  const body: Instruction[] = [[ldAbsWord, 0, 0, offsetNr]];
  for (const [nr, block] of checks) body.push([jumpIfEqual, 0, block.length, nr], ...block);
  body.push([ret, 0, 0, allow]);
  return body;
}

/** The filter for `arch` (a `process.arch` value), or undefined when tersh has no filter for it. */
export function unixSocketFilter(arch: string = process.arch): Buffer | undefined {
  const rules = syscallRules[arch];
  if (rules === undefined) return undefined;
  const program: Instruction[] = [];
  for (const rule of rules) {
    const body = architectureBody(rule);
    program.push([ldAbsWord, 0, 0, offsetArch], [jumpIfEqual, 0, body.length, rule.audit], ...body);
  }
  // An architecture the filter does not know could reach socket() by another number: refuse everything.
  program.push([ret, 0, 0, eperm]);
  const bytes = Buffer.alloc(program.length * 8);
  program.forEach(([code, jumpTrue, jumpFalse, k], index) => {
    bytes.writeUInt16LE(code, index * 8);
    bytes.writeUInt8(jumpTrue, index * 8 + 2);
    bytes.writeUInt8(jumpFalse, index * 8 + 3);
    bytes.writeUInt32LE(k >>> 0, index * 8 + 4);
  });
  return bytes;
}

// A classic-BPF seccomp program, handed to bubblewrap with --seccomp, that makes socket(AF_UNIX, …) fail
// with EPERM. A mount namespace does not cut unix sockets: without this a confined command could connect
// to /run/docker.sock or systemd's private socket and act outside the sandbox, network off or not.
// socketpair() stays allowed, so pipes between the command's own processes keep working.

const ldAbsWord = 0x20;
const jumpIfEqual = 0x15;
const ret = 0x06;
const allow = 0x7fff0000;
const denyWithEperm = 0x00050001;
const afUnix = 1;
const offsetNr = 0;
const offsetArch = 4;
const offsetArg0 = 16;

interface ArchitectureRules {
  audit: number;
  socket: number[];
  /** Syscalls that multiplex socket() and cannot be inspected: refused outright. */
  refused: number[];
}

const architectures: Record<string, ArchitectureRules[]> = {
  // x86-64 native and x32 (bit 30 set), then i386 binaries running on the same kernel.
  x64: [
    { audit: 0xc000003e, socket: [41, 0x40000029], refused: [] },
    { audit: 0x40000003, socket: [359], refused: [102] },
  ],
  arm64: [
    { audit: 0xc00000b7, socket: [198], refused: [] },
    { audit: 0x40000028, socket: [281], refused: [] },
  ],
};

type Instruction = [code: number, jumpTrue: number, jumpFalse: number, k: number];

/** The filter for `arch` (a `process.arch` value), or undefined when tersh has no filter for it. */
export function unixSocketFilter(arch: string = process.arch): Buffer | undefined {
  const rules = architectures[arch];
  if (rules === undefined) return undefined;
  const program: Instruction[] = [];
  for (const rule of rules) {
    const body: Instruction[] = [[ldAbsWord, 0, 0, offsetNr]];
    for (const nr of rule.refused) body.push([jumpIfEqual, 0, 1, nr], [ret, 0, 0, denyWithEperm]);
    // Each socket number jumps over the remaining ones and the `allow` to the argument check.
    rule.socket.forEach((nr, index) => body.push([jumpIfEqual, rule.socket.length - index, 0, nr]));
    body.push([ret, 0, 0, allow]);
    body.push([ldAbsWord, 0, 0, offsetArg0], [jumpIfEqual, 0, 1, afUnix], [ret, 0, 0, denyWithEperm], [ret, 0, 0, allow]);
    program.push([ldAbsWord, 0, 0, offsetArch], [jumpIfEqual, 0, body.length, rule.audit], ...body);
  }
  // An architecture the filter does not know could reach socket() by another number: refuse everything.
  program.push([ret, 0, 0, denyWithEperm]);
  const bytes = Buffer.alloc(program.length * 8);
  program.forEach(([code, jumpTrue, jumpFalse, k], index) => {
    bytes.writeUInt16LE(code, index * 8);
    bytes.writeUInt8(jumpTrue, index * 8 + 2);
    bytes.writeUInt8(jumpFalse, index * 8 + 3);
    bytes.writeUInt32LE(k >>> 0, index * 8 + 4);
  });
  return bytes;
}

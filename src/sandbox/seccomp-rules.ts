// Which syscalls the sandbox's seccomp filter inspects or refuses, per architecture (as the kernel's
// audit arch values and syscall numbers). Keep in step with docs/sandbox.md ("What the sandbox blocks").

export interface SyscallRules {
  /** AUDIT_ARCH_* value in seccomp_data.arch. */
  audit: number;
  /** socket(): refused when the family (arg 0) is AF_UNIX. */
  socket: number[];
  /** socketpair(): allowed for SOCK_STREAM and SOCK_SEQPACKET only; a datagram pair can sendto() any host socket. */
  socketpair: number[];
  /**
   * Refused outright with ENOSYS, so callers fall back as on a kernel without them: io_uring_setup,
   * io_uring_enter and io_uring_register (IORING_OP_SOCKET makes a socket seccomp never sees).
   */
  unimplemented: number[];
  /** Refused outright with EPERM: socketcall multiplexes socket() behind a pointer seccomp cannot read. */
  refused: number[];
}

const x32 = 0x40000000;
const ioUring = [425, 426, 427];

export const syscallRules: Record<string, SyscallRules[]> = {
  // x86-64 native and x32 (bit 30 set), then i386 binaries running on the same kernel.
  x64: [
    {
      audit: 0xc000003e,
      socket: [41, x32 + 41],
      socketpair: [53, x32 + 53],
      unimplemented: [...ioUring, ...ioUring.map((nr) => x32 + nr)],
      refused: [],
    },
    { audit: 0x40000003, socket: [359], socketpair: [360], unimplemented: ioUring, refused: [102] },
  ],
  // arm64, then 32-bit ARM (EABI) binaries on it.
  arm64: [
    { audit: 0xc00000b7, socket: [198], socketpair: [199], unimplemented: ioUring, refused: [] },
    { audit: 0x40000028, socket: [281], socketpair: [288], unimplemented: ioUring, refused: [] },
  ],
};

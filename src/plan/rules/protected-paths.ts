// Paths that exist on any machine and whose overwrite breaks it or loses a user's settings:
// system folders, devices, dotfiles. Writing onto them is destructive, whatever the program.

export const protectedPathPatterns: readonly RegExp[] = [
  /^\/(etc|boot|usr(?!\/local(\/|$))|bin|sbin|lib|lib32|lib64|root|sys|proc|var\/lib|var\/spool|System|Library)(\/|$)/,
  /^\/dev\/(?!(null|stdout|stderr|stdin|tty|zero|random|urandom|full|fd\/\d+|shm\/.*|pts\/\d+)$)/,
  /^\/$/,
  /(^|\/)\.(?!\.?(\/|$))[^/]+$/,
  /(^|\/)\.(git|ssh|gnupg|aws|kube|docker|config)(\/|$)/,
];

/** Words that name `/dev/null` and other empty sources: copying them onto a file truncates it. */
export const emptySources: ReadonlySet<string> = new Set(['/dev/null', '/dev/zero']);

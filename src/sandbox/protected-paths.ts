/**
 * Paths hidden from a sandboxed command when `protect: true`. `~` is the user's home; a relative entry
 * is matched (as a glob) inside the working directory, a few levels deep. Spread it to extend:
 * `protect: [...defaultProtectedPaths, '~/.my-secrets']`.
 */
export const defaultProtectedPaths: readonly string[] = Object.freeze([
  '~/.ssh',
  '~/.aws',
  '~/.gnupg',
  '~/.config/gcloud',
  '~/.azure',
  '~/.kube',
  '~/.docker/config.json',
  '~/.netrc',
  '~/.npmrc',
  '~/.pypirc',
  '~/.git-credentials',
  '~/.config/gh',
  '.env',
  '.env.*',
]);

// Small POSIX sh probes run in a target for run()'s questions (kept apart from the code that runs them).

/** Arguments: name, PATH. Prints the program's path (a name holding a slash: itself) when it is executable there. */
export const FIND_PROGRAM_SCRIPT = `f=$1 p=$2
case $f in
*/*) [ -f "$f" ] && [ -x "$f" ] && echo "$f"; exit 0 ;;
esac
IFS=:
for d in $p; do
  if [ -f "$d/$f" ] && [ -x "$d/$f" ]; then echo "$d/$f"; exit 0; fi
done`;

/** Arguments: cwd, paths. Prints 1 or 0 per path (relative ones against cwd): whether it exists (as existsSync: a dangling link does not). */
export const PATHS_EXIST_SCRIPT = `cd "$1" 2>/dev/null || exit 3
shift
for p in "$@"; do
  if [ -e "$p" ]; then echo 1; else echo 0; fi
done`;

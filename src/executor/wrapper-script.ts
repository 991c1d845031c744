// The POSIX sh wrapper every run starts under in a target (a container, a machine over SSH): plain `sh` with
// `setsid`, `kill`, `grep`, `sleep` and /proc; busybox, dash and bash all run it. Kept apart from the code that
// builds its arguments (remote-wrapper.ts).

/**
 * One script, four roles chosen by `$0`; `$1` is the script's own text (each role starts the next with it).
 *
 * - `tersh-supervisor` (what the transport starts). Arguments: nonce, mode, tag pair (NAME=value), cwd, PATH,
 *   count of NAME=value pairs, the pairs, file, args. It starts `tersh-run` through `setsid` in the *foreground*
 *   (an `&` would start the command with SIGINT and SIGQUIT ignored, and sh cannot undo that), and exits with its
 *   status (its own stderr is /dev/null, so that no shell's "Terminated" reaches the run's). Mode `stdin`: the channel's stdin is the command's; otherwise the command reads /dev/null.
 * - `tersh-run`: a new session's leader (setsid did not fork: the supervisor's child leads no group), so `$$` is
 *   the run's group id. It reports `<nonce> <pgid>` as the first stdout line (or `<nonce> enoent|eacces|nocwd`
 *   and exits), starts the witness (and in mode `lifeline` the lifeline), stops the supervisor, then execs the
 *   command with exactly the given environment.
 * - `tersh-witness`: with the supervisor stopped, the command stays a zombie once it exits, and its wait status
 *   is readable in /proc (field 52 of stat). The witness polls for that (5 ms, doubling to 100 ms), writes
 *   `<nonce> exit N`, `<nonce> signal N NAME` (NAME from the target's own `kill -l`; or `<nonce> unknown`) to stderr, and continues the supervisor, which
 *   then reaps the command. This tells `exit 130` from a death by SIGINT, which a shell's `$?` cannot.
 * - `tersh-lifeline` (mode `lifeline`): reads the channel's stdin, which the host never writes; end of file
 *   means the client went away, and it kills the group and every process carrying the run's tag, TERM, KILL,
 *   KILL a second apart. The witness ends it once the command has exited.
 *
 * Witness and lifeline lead sessions of their own and carry no tag: they are never taken for the run's processes.
 */
export const WRAPPER_SCRIPT = `x=$1
shift
case $0 in
tersh-supervisor)
  command -v setsid >/dev/null 2>&1 || { printf '%s nosetsid\\n' "$1"; exit 127; }
  exec 3<&0 4>&2 2>/dev/null
  if [ "$2" = stdin ]; then setsid sh -c "$x" tersh-run "$x" "$@"
  else setsid sh -c "$x" tersh-run "$x" "$@" </dev/null
  fi
  exit $? ;;
tersh-run)
  exec 2>&4 4>&-
  n=$1 m=$2 t=$3
  cd "$4" 2>/dev/null || { printf '%s nocwd\\n' "$n"; exit 126; }
  p=$5 k=$6
  shift 6
  eval "f=\\\${$((k + 1))}"
  r=
  case $f in
  */*) if [ ! -e "$f" ]; then r=enoent; elif [ -d "$f" ] || [ ! -x "$f" ]; then r=eacces; fi ;;
  *) r=enoent; IFS=:; for d in $p; do if [ -f "$d/$f" ] && [ -x "$d/$f" ]; then r=; break; fi; done; unset IFS ;;
  esac
  if [ -n "$r" ]; then printf '%s %s\\n' "$n" "$r"; exit 127; fi
  printf '%s %s\\n' "$n" "$$"
  l=
  if [ "$m" = lifeline ]; then setsid sh -c "$x" tersh-lifeline "$x" "$$" "$t" <&3 >/dev/null 2>&1 & l=$!; fi
  if [ -r "/proc/$$/stat" ] && [ -r "/proc/$PPID/stat" ]; then
    setsid sh -c "$x" tersh-witness "$x" "$$" "$PPID" "$n" "$l" </dev/null >/dev/null 3<&- &
    if kill -0 $! 2>/dev/null && kill -STOP "$PPID" 2>/dev/null; then
      i=0
      while [ $i -lt 10000 ]; do
        read -r s < "/proc/$PPID/stat" || break
        case \${s##*) } in [Tt]*) break ;; esac
        i=$((i + 1))
      done
    fi
  fi
  exec 3<&-
  exec env -i "$@" ;;
tersh-witness)
  c=$1 p=$2 n=$3 l=$4 d=0.005 z=
  trap '' PIPE HUP INT
  while read -r s < "/proc/$c/stat"; do
    set -- \${s##*) }
    if [ "$1" = Z ]; then z=\${50}; break; fi
    [ -r "/proc/$p/stat" ] || break
    sleep $d
    case $d in 0.005) d=0.01 ;; 0.01) d=0.02 ;; 0.02) d=0.05 ;; *) d=0.1 ;; esac
  done
  [ -n "$l" ] && kill "$l" 2>/dev/null
  case $z in
  '' | *[!0-9]*) printf '%s unknown\\n' "$n" >&2 ;;
  *) if [ $((z & 127)) -ne 0 ]; then printf '%s signal %s %s\\n' "$n" $((z & 127)) "$(kill -l $((z & 127)) 2>/dev/null)" >&2; else printf '%s exit %s\\n' "$n" $((z >> 8)) >&2; fi ;;
  esac
  kill -CONT "$p" 2>/dev/null ;;
tersh-lifeline)
  while read -r _; do :; done
  trap '' TERM
  for s in TERM KILL KILL; do
    kill -"$s" -"$1" 2>/dev/null
    for e in $(grep -l -z -x -F -e "$2" /proc/[0-9]*/environ 2>/dev/null); do e=\${e#/proc/}; kill -"$s" "\${e%/environ}" 2>/dev/null; done
    sleep 1
  done ;;
esac`;

// The POSIX sh program an executor keeps running in its target for as long as the host holds it (one per Docker
// executor, one per SSH connection). Kept apart from the code that talks to it (session-watchdog.ts).

/**
 * The session watchdog. Argument: the run tag's variable name. It reads lines from its stdin, which only the
 * host writes: `run <tag>` before a run starts, `group <tag> <pgid>` once the wrapper reported the run's group,
 * `done <tag>` once nothing of the run is left to kill. End of file means the host went away (it closed the
 * executor, it died, SIGKILL included, or the connection dropped): it then sends TERM, KILL, KILL, a second apart,
 * to every group still listed and to every process whose environment carries a listed tag. It writes nothing
 * (a host that dies with unread data on its socket resets the connection instead of closing it).
 */
export const SESSION_WATCHDOG_SCRIPT = `v=$1
exec >/dev/null 2>&1
e=" "
while read -r op a b; do
  case $a in '' | *[!A-Za-z0-9_.-]*) continue ;; esac
  case $op in
  run) e="$e$a:- " ;;
  group) case $e in *" $a:- "*) case $b in '' | *[!0-9]*) ;; *) e="\${e%% $a:- *} $a:$b \${e#* $a:- }" ;; esac ;; esac ;;
  done) case $e in *" $a:"*) r=\${e#* $a:}; e="\${e%% $a:*} \${r#* }" ;; esac ;;
  esac
done
trap '' TERM HUP INT PIPE
[ "$e" = " " ] && exit 0
set --
g=
for r in $e; do
  set -- "$@" -e "$v=\${r%%:*}"
  case \${r#*:} in -) ;; *) g="$g -\${r#*:}" ;; esac
done
for s in TERM KILL KILL; do
  [ -n "$g" ] && kill -"$s" $g 2>/dev/null
  for f in $(grep -l -z -x -F "$@" /proc/[0-9]*/environ 2>/dev/null); do f=\${f#/proc/}; kill -"$s" "\${f%/environ}" 2>/dev/null; done
  sleep 1
done`;

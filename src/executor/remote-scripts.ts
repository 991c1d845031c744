// The POSIX sh programs tersh runs in a target (a container, a machine over SSH). Plain `sh` with `setsid`,
// `kill`, `grep`, `sleep`: busybox, dash and bash all run them. Kept apart from the code that builds their arguments.

/**
 * The run's main process. Arguments: nonce, cwd, PATH, count of NAME=value pairs, the pairs, file, args.
 * It is a new session's leader (setsid started it), so `$$` is the run's group id over there. It reports
 * `<nonce> <pgid>` as the first stdout line (the host strips it), or `<nonce> enoent|eacces|nocwd` and exits,
 * then execs the command with exactly the given environment.
 */
export const INNER_SCRIPT = `n=$1
cd "$2" 2>/dev/null || { printf '%s nocwd\\n' "$n"; exit 126; }
p=$3 k=$4
shift 4
eval "f=\\\${$((k + 1))}"
r=
case $f in
*/*) if [ ! -e "$f" ]; then r=enoent; elif [ -d "$f" ] || [ ! -x "$f" ]; then r=eacces; fi ;;
*) r=enoent; IFS=:; for d in $p; do if [ -f "$d/$f" ] && [ -x "$d/$f" ]; then r=; break; fi; done; unset IFS ;;
esac
if [ -n "$r" ]; then printf '%s %s\\n' "$n" "$r"; exit 127; fi
printf '%s %s\\n' "$n" "$$"
exec env -i "$@"`;

/**
 * The supervisor that the transport starts. Arguments: the inner script, nonce, mode, tag pair (NAME=value),
 * then the inner script's own arguments. It starts the inner script with setsid in the background (not a group
 * leader there, so setsid does not fork and `$!` is the new group), waits for it and exits with its status.
 * Mode `lifeline`: the command's stdin is /dev/null and a watchdog reads the channel's stdin, which the host
 * never writes nor closes while the run is tied to it; end of file there means the client went away (the host
 * closed it, died, or the connection dropped), and the watchdog kills the group and every process carrying the
 * run's tag (ignoring from then on the TERM the supervisor sends it when the command ends). Mode `stdin`: the channel's stdin is the command's (no watchdog). Mode `detached`: neither.
 */
export const SUPERVISOR_SCRIPT = `i=$1 n=$2 m=$3 t=$4
shift 4
command -v setsid >/dev/null 2>&1 || { printf '%s nosetsid\\n' "$n"; exit 127; }
exec 3<&0
if [ "$m" = stdin ]; then setsid sh -c "$i" tersh-run "$n" "$@" 0<&3 3<&- &
else setsid sh -c "$i" tersh-run "$n" "$@" </dev/null 3<&- &
fi
c=$!
w=
if [ "$m" = lifeline ]; then
  (
    while read -r _; do :; done
    trap '' TERM
    for s in TERM KILL KILL; do
      kill -s "$s" -"$c" 2>/dev/null
      for e in $(grep -l -z -x -F -e "$t" /proc/[0-9]*/environ 2>/dev/null); do e=\${e#/proc/}; kill -s "$s" "\${e%/environ}" 2>/dev/null; done
      sleep 1
    done
  ) <&3 >/dev/null 2>&1 &
  w=$!
fi
exec 3<&-
wait "$c"
s=$?
[ -n "$w" ] && kill "$w" 2>/dev/null
exit "$s"`;

/**
 * One operation on a run's processes in the target (a second exec). Arguments: op, pgid, tag pair, then the op's.
 * A process is of the run when it is in the group or carries the tag (a setsid escapee). Output: one
 * `pid pgid` line per process found (or, for `alive`, the live pids; for `waitgone`, `gone`/`left`;
 * for `signal`, `sent`/`none`).
 */
export const GROUP_SCRIPT = `op=$1 g=$2 t=$3
shift 3
me=$$
found=
stopped=" "
scan() {
  found=
  tagged=" "
  for e in $(grep -l -z -x -F -e "$t" /proc/[0-9]*/environ 2>/dev/null); do tagged="$tagged$e "; done
  for s in /proc/[0-9]*/stat; do
    read -r l < "$s" 2>/dev/null || continue
    q=\${s#/proc/}; q=\${q%/stat}
    [ "$q" = "$me" ] && continue
    set -- \${l##*) }
    [ "$1" = Z ] && continue
    if [ "$3" = "$g" ]; then found="$found $q:$3"; continue; fi
    case $tagged in *" /proc/$q/environ "*) found="$found $q:$3" ;; esac
  done
}
freeze() {
  kill -s STOP -"$g" 2>/dev/null
  i=0
  while [ $i -lt 50 ]; do
    scan
    fresh=
    for e in $found; do case $stopped in *" \${e%:*} "*) ;; *) fresh="$fresh \${e%:*}" ;; esac; done
    [ -z "$fresh" ] && break
    kill -s STOP $fresh 2>/dev/null
    stopped="$stopped\${fresh# } "
    i=$((i + 1))
  done
}
report() { for e in $1; do echo "\${e%:*} \${e#*:}"; done; }
live() { for q in "$@"; do read -r l < "/proc/$q/stat" 2>/dev/null || continue; set -- \${l##*) }; [ "$1" = Z ] || echo "$q"; done; }
signalall() {
  freeze
  kill -s "$1" -"$g" 2>/dev/null
  [ "$stopped" = " " ] || kill -s "$1" $stopped 2>/dev/null
  kill -s CONT -"$g" 2>/dev/null
  [ "$stopped" = " " ] || kill -s CONT $stopped 2>/dev/null
}
waitgone() {
  rounds=$(( $1 / 10 + 1 ))
  shift
  while [ "$rounds" -gt 0 ]; do
    [ -z "$(live "$@")" ] && return 0
    sleep 0.01
    rounds=$((rounds - 1))
  done
  return 1
}
sweep() {
  seen=
  j=0
  while [ $j -lt 100 ]; do
    stopped=" "
    freeze
    [ -z "$found" ] && break
    seen="$seen $found"
    kill -s KILL -"$g" 2>/dev/null
    kill -s KILL $stopped 2>/dev/null
    sleep 0.01
    j=$((j + 1))
  done
  report "$seen"
}
case $op in
list) scan; report "$found" ;;
alive) live "$@" ;;
signal) s=$1; shift; if kill -s "$s" -"$g" 2>/dev/null; then echo sent; else echo none; fi; [ $# -gt 0 ] && kill -s "$s" "$@" 2>/dev/null ;;
signalall) signalall "$1"; report "$found" ;;
waitgone) if waitgone "$@"; then echo gone; else echo left; fi ;;
kill) sweep ;;
terminate)
  signalall TERM
  first=$found
  pids=
  for e in $found; do pids="$pids \${e%:*}"; done
  waitgone "$1" $pids
  report "$first"
  sweep ;;
esac`;

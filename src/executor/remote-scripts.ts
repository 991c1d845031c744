// The POSIX sh program tersh runs in a target to act on a run's processes (a container, a machine over SSH).
// Plain `sh` with `kill`, `grep`, `sleep`: busybox, dash and bash all run it. The wrapper a run starts under is in
// wrapper-script.ts, the executor's session watchdog in watchdog-script.ts.

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
  kill -STOP -"$g" 2>/dev/null
  i=0
  while [ $i -lt 50 ]; do
    scan
    fresh=
    for e in $found; do case $stopped in *" \${e%:*} "*) ;; *) fresh="$fresh \${e%:*}" ;; esac; done
    [ -z "$fresh" ] && break
    kill -STOP $fresh 2>/dev/null
    stopped="$stopped\${fresh# } "
    i=$((i + 1))
  done
}
report() { for e in $1; do echo "\${e%:*} \${e#*:}"; done; }
live() { for q in "$@"; do read -r l < "/proc/$q/stat" 2>/dev/null || continue; set -- \${l##*) }; [ "$1" = Z ] || echo "$q"; done; }
signalall() {
  freeze
  kill -"$1" -"$g" 2>/dev/null
  [ "$stopped" = " " ] || kill -"$1" $stopped 2>/dev/null
  kill -CONT -"$g" 2>/dev/null
  [ "$stopped" = " " ] || kill -CONT $stopped 2>/dev/null
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
    kill -KILL -"$g" 2>/dev/null
    kill -KILL $stopped 2>/dev/null
    sleep 0.01
    j=$((j + 1))
  done
  report "$seen"
}
case $op in
list) scan; report "$found" ;;
alive) live "$@" ;;
signal) s=$1; shift; if kill -"$s" -"$g" 2>/dev/null; then echo sent; else echo none; fi; [ $# -gt 0 ] && kill -"$s" "$@" 2>/dev/null ;;
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

#!/usr/bin/env bash
# with-distccd.sh WORKDIR BUILD_DIR -- COMMAND [ARG...]
#
# Runs COMMAND against a distccd of its own on 127.0.0.1, the way
# docs/distributed.md sets one up:
#  - the server has its own TensorScope: BUILD_DIR's tscope-cc, plugin,
#    header and API descriptions are copied to a folder of the server's
#    (tscope-cc finds them relative to itself), so nothing of the client's
#    tree is used remotely and the server's user need not read it;
#  - distccd starts with an environment of its own (env -i: nothing of the
#    client's, such as TSCOPE_API, reaches the server);
#  - distccd serves only that tscope-cc, named in a DISTCC_CMDLIST file
#    (no masquerade link in /usr/lib/distcc, no --enable-tcp-insecure);
#  - COMMAND runs with DISTCC_HOSTS pointing at the server on a free port
#    and every local fallback off, so a refused job fails.
# Then, once the server has logged the summary of every job it started (at
# most 10 s), the server is stopped by its pid, its log (--log-level debug) is left
# in WORKDIR/distccd.log, and the script exits with COMMAND's status.
# distccd's temporary files go to that folder's tmp/ (TMPDIR), since the
# client's TMPDIR (lit sets one) is not the server's.  A trap on EXIT, INT
# and TERM stops the server, and `timeout` ends it after 10 minutes whatever
# happens to this script.
set -u
[ $# -ge 4 ] && [ "$3" = "--" ] || {
  echo "usage: with-distccd.sh WORKDIR BUILD_DIR -- COMMAND [ARG...]" >&2; exit 2; }
work=$1 build=$2
shift 3
for f in bin/tscope-cc lib/tensorscope.so include/tensorscope.h share/tensorscope/apis; do
  [ -e "$build/$f" ] || { echo "with-distccd.sh: $build/$f not found (BUILD_DIR must be a TensorScope build)" >&2; exit 2; }
done
mkdir -p "$work" || exit 2

# The server's folder: readable by the user distccd drops to.
srv=$(mktemp -d /tmp/tscope-distccd.XXXXXX) || exit 2
chmod 755 "$srv"
pid=    # timeout's pid; distccd is its child, the job servers are distccd's
children() { cat "/proc/$1/task/$1/children" 2>/dev/null; }
# Alive and not a zombie waiting for init to reap it.
running() { local st; st=$(sed 's/.*) //' "/proc/$1/stat" 2>/dev/null) && [ "${st%% *}" != Z ]; }
stop() {
  if [ -n "$pid" ]; then
    local daemon servers p alive i started finished
    # A job server logs its job's summary (COMPILE_OK ...) after the client
    # has its result: wait for one per job it started (at most 10 s), or a
    # test reading the log races the server's last line.
    for i in $(seq 1 100); do
      started=$(grep -c 'forking to execute' "$srv/distccd.log" 2>/dev/null)
      finished=$(grep -c 'dcc_job_summary' "$srv/distccd.log" 2>/dev/null)
      [ "${finished:-0}" -ge "${started:-0}" ] && break
      sleep 0.1
    done
    daemon=$(children "$pid")
    servers=$(for p in $daemon; do children "$p"; done)
    kill "$pid" 2>/dev/null      # timeout passes the TERM on to distccd
    wait "$pid" 2>/dev/null
    pid=
    # distccd's job servers would notice that their parent is gone within
    # a few seconds; stop them (by pid) and wait, so nothing is left behind.
    [ -n "$servers" ] && kill $servers 2>/dev/null
    for i in $(seq 1 50); do
      alive=0
      for p in $servers; do running "$p" && alive=1; done
      [ "$alive" = 0 ] && break
      sleep 0.1
    done
  fi
  if [ -n "$srv" ]; then
    cat "$srv/distccd.log" > "$work/distccd.log" 2>/dev/null
    cat "$srv/distccd.stderr" > "$work/distccd.stderr" 2>/dev/null
    rm -rf "$srv"
    srv=
  fi
}
trap stop EXIT
trap 'stop; exit 143' INT TERM

inst=$srv/tensorscope
mkdir -p "$inst/bin" "$inst/lib" "$inst/include" "$inst/share" &&
  cp "$build/bin/tscope-cc" "$inst/bin/" &&
  cp "$build/lib/tensorscope.so" "$inst/lib/" &&
  cp "$build/include/tensorscope.h" "$inst/include/" &&
  cp -r "$build/share/tensorscope" "$inst/share/" &&
  chmod -R a+rX "$inst" || { echo "with-distccd.sh: cannot copy $build to $inst" >&2; exit 2; }
printf '%s\n' "$inst/bin/tscope-cc" > "$srv/cmdlist"
mkdir "$srv/tmp" && chmod 1777 "$srv/tmp" || exit 2
log=$srv/distccd.log
: > "$log" && chmod 666 "$log"   # distccd writes it after dropping root

# As root distccd must drop to another user (it refuses to keep root).
user_opt=()
[ "$(id -u)" = 0 ] && user_opt=(--user nobody)

free_port() {
  python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}
listening() {
  python3 - "$1" <<'PY'
import socket, sys
s = socket.socket()
try:
    s.connect(("127.0.0.1", int(sys.argv[1])))
except OSError:
    sys.exit(1)
PY
}

# A port found free can be taken before distccd binds it: try three.
port=
for attempt in 1 2 3; do
  p=$(free_port) || exit 2
  # A server's environment is its own, not the client's (env -i).
  env -i PATH=/usr/local/bin:/usr/bin:/bin TMPDIR="$srv/tmp" \
    DISTCC_CMDLIST="$srv/cmdlist" DISTCC_CMDLIST_NUMWORDS=1 \
    timeout 600 distccd --daemon --no-detach ${user_opt[@]+"${user_opt[@]}"} \
      --listen 127.0.0.1 --port "$p" --allow 127.0.0.1 --jobs 2 \
      --log-file "$log" --log-level debug 2>>"$srv/distccd.stderr" &
  pid=$!
  for i in $(seq 1 100); do
    if listening "$p"; then port=$p; break; fi
    kill -0 "$pid" 2>/dev/null || break
    sleep 0.1
  done
  [ -n "$port" ] && break
  stop_srv=$srv; srv=; stop; srv=$stop_srv
done
if [ -z "$port" ]; then
  echo "with-distccd.sh: distccd did not start; its log and stderr:" >&2
  cat "$log" "$srv/distccd.stderr" >&2
  exit 2
fi

# No local compile behind the test's back: a refused job fails.
export DISTCC_HOSTS="127.0.0.1:$port/2" DISTCC_FALLBACK=0 DISTCC_SKIP_LOCAL_RETRY=1
export DISTCC_DIR=$work/distcc-client
mkdir -p "$DISTCC_DIR" || exit 2
unset DISTCC_VERBOSE DISTCC_LOG
"$@"
status=$?
stop
exit "$status"

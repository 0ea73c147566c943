# Shared by the bench scripts (sourced, not run).

# waitidle: on a shared machine, start a run only once the CPUs were at least 95% idle for a
# second (QUIET=0 skips the wait). It gives up after two minutes, says so beside the run and
# counts it in busy_runs.
busy_runs=0
waitidle() {
  [ "${QUIET:-1}" = 1 ] || return 0
  local t a b k busy idle
  for t in $(seq 1 120); do
    read -r -a a </proc/stat
    sleep 1
    read -r -a b </proc/stat
    busy=0
    idle=$(((b[4] + b[5]) - (a[4] + a[5])))
    for k in 1 2 3 6 7 8; do busy=$((busy + b[k] - a[k])); done
    [ $((idle * 100)) -ge $((95 * (busy + idle))) ] && return 0
  done
  busy_runs=$((busy_runs + 1))
  echo "   (the machine stayed busy: this run shares it)" >&2
}

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

# warm FILE: read FILE into the page cache and check it stayed there (fincore, util-linux),
# so a timed run measures the code, not the disk: on this machine the cache drops pages of
# a 512 MiB file within seconds. It re-reads up to 3 times while less than 99% is resident,
# then says so beside the run and counts it in cold_runs. It sets resident_pct (empty
# without fincore, which leaves only the read).
cold_runs=0
resident_pct=""
warm() {
  local f=$1 try
  for try in 1 2 3; do
    cat "$f" >/dev/null
    command -v fincore >/dev/null || { resident_pct=""; return 0; }
    resident_pct=$(fincore --bytes --noheadings --output RES,SIZE "$f" | awk '{ printf "%d", $2 ? 100 * $1 / $2 : 100 }')
    [ "$resident_pct" -ge 99 ] && return 0
  done
  cold_runs=$((cold_runs + 1))
  echo "   ($f: only ${resident_pct}% in the page cache after 3 reads: this run reads the disk)" >&2
}

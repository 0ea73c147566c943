#!/usr/bin/env bash
# Time and peak RSS of `presplit splits --algo ALGO --regions 1000000 >/dev/null`.
#
#   bash bench/splits.sh                     # HexStringSplit and DecimalStringSplit, 5 runs
#   REGIONS=100000 RUNS=9 bash bench/splits.sh UniformSplit
#   BIN=/tmp/presplit-old bash bench/splits.sh   # time another build
#
# Prints every run and the median; the target is 3x faster than math/big's RegionSplitter at
# 1,000,000 regions.
set -euo pipefail
cd "$(dirname "$0")/.."

runs=${RUNS:-5}
regions=${REGIONS:-1000000}
algos=("$@")
[ ${#algos[@]} -gt 0 ] || algos=(HexStringSplit DecimalStringSplit)

work=$(mktemp -d "${TMPDIR:-/tmp}/presplit-bench.XXXXXX")
trap 'rm -rf "$work"' EXIT
bin=${BIN:-}
if [ -z "$bin" ]; then
  bin="$work/presplit"
  go build -o "$bin" .
fi
[ -x /usr/bin/time ] || { echo "bench/splits.sh needs /usr/bin/time (GNU time)" >&2; exit 2; }

# shellcheck source=bench/lib.sh
. bench/lib.sh

for algo in "${algos[@]}"; do
  : >"$work/runs.txt"
  for _ in $(seq 1 "$runs"); do
    waitidle
    t0=$(date +%s.%N)
    /usr/bin/time -f '%M' -o "$work/time.txt" "$bin" splits --algo "$algo" --regions "$regions" >/dev/null 2>&1
    t1=$(date +%s.%N)
    echo "$(awk -v a="$t0" -v b="$t1" 'BEGIN {print b - a}') $(cat "$work/time.txt")" >>"$work/runs.txt"
  done
  awk -v algo="$algo" -v n="$regions" '
    function median(a, n,   i, j, t, s) {
      for (i = 1; i <= n; i++) s[i] = a[i]
      for (i = 1; i <= n; i++) for (j = i + 1; j <= n; j++) if (s[j] < s[i]) { t = s[i]; s[i] = s[j]; s[j] = t }
      return s[int((n + 1) / 2)]
    }
    { t[NR] = $1; m[NR] = $2; line = line sprintf(" %.3f", $1) }
    END { printf "splits --algo %s --regions %d: median %.3f s (runs:%s), median peak RSS %.1f MiB\n",
      algo, n, median(t, NR), line, median(m, NR) / 1024 }' "$work/runs.txt"
done

#!/usr/bin/env bash
# The sample readers' two figures, measured in one run:
#   1. exact mode: `presplit splits --sample` on a 256 MiB file of 32-byte keys against
#      `LC_ALL=C sort -S 50%` on the same file (target: presplit at least 5x faster);
#   2. sketch mode: a 1 GiB file with --memory 64MiB (targets: peak RSS at
#      most --memory + 16 MiB, 80 MiB; throughput at least 800 MiB/s).
#
#   bash bench/sample.sh                 # 3 runs of each
#   RUNS=5 EXACT_MIB=64 SKETCH_MIB=256 bash bench/sample.sh
#   QUIET=0 bash bench/sample.sh         # do not wait for idle CPUs before each run
#
# Keys are 32 random lowercase hex digits, one per line. Each measurement runs RUNS
# times; before each, the file is read once (page cache) and the script waits until the
# CPUs were at least 95% idle for a second (other engineers benchmark on the same machine:
# wait for them rather than compete). The best and the median are printed, and every
# run's figures. Not run by go test or .ci/run (it takes minutes and 1.3 GiB of disk); the
# files are deleted on exit.
set -euo pipefail
cd "$(dirname "$0")/.."

runs=${RUNS:-3}
exact_mib=${EXACT_MIB:-256}
sketch_mib=${SKETCH_MIB:-1024}
work=$(mktemp -d "${TMPDIR:-/tmp}/presplit-sample-bench.XXXXXX")
trap 'rm -rf "$work"' EXIT

go build -o "$work/presplit" .
mkdir "$work/gen"
cat >"$work/gen/main.go" <<'GO'
package main

import (
	"bufio"
	"encoding/hex"
	"math/rand/v2"
	"os"
	"strconv"
)

func main() {
	size, _ := strconv.ParseInt(os.Args[1], 10, 64)
	w := bufio.NewWriterSize(os.Stdout, 1<<20)
	rng := rand.New(rand.NewPCG(1, 2))
	var raw [16]byte
	line := make([]byte, 33)
	line[32] = '\n'
	for n := int64(0); n+33 <= size; n += 33 {
		for i := 0; i < 16; i += 8 {
			v := rng.Uint64()
			for j := range 8 {
				raw[i+j] = byte(v >> (8 * j))
			}
		}
		hex.Encode(line, raw[:])
		w.Write(line)
	}
	w.Flush()
}
GO
(cd "$work/gen" && go mod init gen >/dev/null 2>&1 && go build -o gen .)
"$work/gen/gen" $((exact_mib << 20)) >"$work/exact.txt"
"$work/gen/gen" $((sketch_mib << 20)) >"$work/sketch.txt"

# seconds and peak RSS (KiB) of a command, from GNU time.
measure() {
  /usr/bin/time -f '%e %M' -o "$work/time" "$@" >/dev/null 2>"$work/stderr" || { cat "$work/stderr"; exit 1; }
  cat "$work/time"
}
median() { sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
best() { sort -n | head -1; }

# shellcheck source=bench/lib.sh
. bench/lib.sh

# quiet FILE CMD...: warm FILE's pages, wait for idle CPUs, measure CMD.
quiet() {
  local file=$1
  shift
  cat "$file" >/dev/null
  waitidle
  measure "$@"
}

: >"$work/sort.t"; : >"$work/exact.t"; : >"$work/sketch.t"; : >"$work/sketch.rss"
for r in $(seq "$runs"); do
  quiet "$work/exact.txt" env LC_ALL=C sort -S 50% "$work/exact.txt" | awk '{print $1}' >>"$work/sort.t"
  quiet "$work/exact.txt" "$work/presplit" splits --sample "$work/exact.txt" --regions 1000 --memory 2GiB | awk '{print $1}' >>"$work/exact.t"
  grep -q "cut on" "$work/stderr" && ! grep -q "sketch" "$work/stderr" || { echo "exact run did not cut exactly" >&2; exit 1; }
  quiet "$work/sketch.txt" "$work/presplit" splits --sample "$work/sketch.txt" --regions 1000 --memory 64MiB >"$work/one"
  awk '{print $1}' "$work/one" >>"$work/sketch.t"
  awk '{print $2}' "$work/one" >>"$work/sketch.rss"
  echo "run $r: sort $(tail -1 "$work/sort.t")s, exact $(tail -1 "$work/exact.t")s, sketch $(tail -1 "$work/sketch.t")s $(($(tail -1 "$work/sketch.rss") / 1024)) MiB" >&2
done

sort_best=$(best <"$work/sort.t"); exact_best=$(best <"$work/exact.t"); sketch_best=$(best <"$work/sketch.t")
sort_med=$(median <"$work/sort.t"); exact_med=$(median <"$work/exact.t"); sketch_med=$(median <"$work/sketch.t")
rss_max=$(sort -n "$work/sketch.rss" | tail -1)
echo "machine: $(nproc) cores; runs started on idle CPUs (QUIET=${QUIET:-1}), $busy_runs of $((3 * runs)) after giving up waiting"
echo "exact  ${exact_mib} MiB: sort best ${sort_best}s median ${sort_med}s; presplit best ${exact_best}s median ${exact_med}s;" \
  "speedup (median) $(awk -v a="$sort_med" -v b="$exact_med" 'BEGIN {printf "%.1f", a/b}')x (target >= 5x)"
echo "sketch ${sketch_mib} MiB, --memory 64MiB: best ${sketch_best}s median ${sketch_med}s;" \
  "throughput (median) $(awk -v m="$sketch_mib" -v s="$sketch_med" 'BEGIN {printf "%.0f", m/s}') MiB/s (target >= 800);" \
  "peak RSS $((rss_max / 1024)) MiB (target <= 80)"

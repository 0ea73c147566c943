#!/usr/bin/env bash
# Time `presplit regions` reading and planning a 200,000-region list_regions output (the
# default columns, as list_regions.rb prints them), end to end: process start, read,
# plan, render. Target: under 1 s. Each format runs RUNS times (default 5); the figures are
# the median wall time and the median CPU time (user + sys: on a shared machine the wall
# time waits for the CPU, the CPU time less so). Also runs the in-process Go benchmark
# (BenchmarkRegions). Each run waits for an idle machine (bench/lib.sh; QUIET=0 skips it).
#
#   bash bench/regions.sh            # 200,000 regions
#   REGIONS=50000 RUNS=3 bash bench/regions.sh
set -euo pipefail
cd "$(dirname "$0")/.."

regions=${REGIONS:-200000}
runs=${RUNS:-5}
. bench/lib.sh
work=$(mktemp -d "${TMPDIR:-/tmp}/presplit-regions-bench.XXXXXX")
trap 'rm -rf "$work"' EXIT

go build -o "$work/presplit" .
# The generator is regions.SyntheticListRegions, run through a throwaway test in the
# module (a program outside it cannot import the package).
gen=regions/zz_bench_gen_test.go
trap 'rm -rf "$work" "$gen"' EXIT
cat >"$gen" <<'GO'
package regions

import (
	"os"
	"strconv"
	"testing"
)

func TestBenchGenerate(t *testing.T) {
	n, _ := strconv.Atoi(os.Getenv("BENCH_REGIONS"))
	if err := os.WriteFile(os.Getenv("BENCH_OUT"), SyntheticListRegions(n), 0o644); err != nil {
		t.Fatal(err)
	}
}
GO
BENCH_REGIONS=$regions BENCH_OUT="$work/list_regions.txt" go test ./regions -run '^TestBenchGenerate$' -count 1 >/dev/null
rm -f "$gen"
echo "list_regions file: $regions regions, $(wc -c <"$work/list_regions.txt") bytes"
median() { sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }
TIMEFORMAT='%R %U %S'
for format in report shell; do
  : >"$work/times"
  for _ in $(seq 1 "$runs"); do
    waitidle
    { time "$work/presplit" regions --list-regions "$work/list_regions.txt" -F "$format" >"$work/out.$format"; } 2>>"$work/times"
  done
  wall=$(awk '{ print $1 }' "$work/times" | median)
  cpu=$(awk '{ printf "%.3f\n", $2 + $3 }' "$work/times" | median)
  echo "presplit regions -F $format: median of $runs runs ${wall} s wall, ${cpu} s CPU ($(wc -l <"$work/out.$format") lines)"
done
go test ./regions -run '^$' -bench BenchmarkRegions -benchtime 3x | grep Benchmark

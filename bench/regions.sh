#!/usr/bin/env bash
# Time `presplit regions` reading and planning a 50,000-region list_regions output (the
# default columns, as list_regions.rb prints them), end to end: process start, read,
# plan, report. Target: under 1 s. Also runs the in-process Go benchmark (BenchmarkPlan).
#
#   bash bench/regions.sh            # 50,000 regions
#   REGIONS=200000 bash bench/regions.sh
set -euo pipefail
cd "$(dirname "$0")/.."

regions=${REGIONS:-50000}
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
for format in report shell; do
  start=$(date +%s.%N)
  "$work/presplit" regions --list-regions "$work/list_regions.txt" -F "$format" >"$work/out.$format"
  end=$(date +%s.%N)
  echo "presplit regions -F $format: $(echo "$end - $start" | bc) s ($(wc -l <"$work/out.$format") lines)"
done
go test ./regions -run '^$' -bench BenchmarkPlan -benchtime 5x | grep Benchmark

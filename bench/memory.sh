#!/usr/bin/env bash
# Peak memory (the process's maximum resident set, from /usr/bin/time -v's "Maximum
# resident set size") of every --format on a large SPLITS_FILE, of verify reading it, and
# of the regions readers (list_regions, JMX), each as one presplit process writing to a
# pipe (stdout: the case where a format that cannot stream is held back). Each figure is
# checked against the stated bound, peak <= FACTOR x input + 64 MiB (FACTOR per input
# below); the script exits 1 when one is over it.
#
#   bash bench/memory.sh                         # 1,000,000 keys of 100 B, 1,000,000 regions
#   KEYS=10000000 REGIONS=3000000 bash bench/memory.sh   # a 1 GiB SPLITS_FILE / 3M regions
#   KEYS=100000 REGIONS=100000 JMX_REGIONS=20000 bash bench/memory.sh   # quick
#   BIN=/tmp/presplit-main bash bench/memory.sh  # another build, to compare
#   ONLY=xlsx bash bench/memory.sh               # only the runs whose name has this text
set -euo pipefail
cd "$(dirname "$0")/.."

keys=${KEYS:-1000000}
regions=${REGIONS:-1000000}
jmx_regions=${JMX_REGIONS:-100000}
# The bounds: peak RSS <= factor x the input's bytes + 64 MiB (the runtime, the binary).
# A SPLITS_FILE is held once (the keys' bytes and 40 bytes a key of index), and Go's
# collector lets the heap grow to twice what is live before it collects (GOGC=100).
splits_factor=3
lr_factor=6  # list_regions: the text, its lines and each region's decoded keys and names
jmx_factor=3 # JMX: the document, read whole for error lines, plus the metrics kept
# xlsx holds the keys once too, and beside them excelize's 16 MiB in-memory chunk of the
# streamed Regions sheet and the workbook's zip entries, held deflated until they are
# written in order (about 20 MB for a million regions; the format takes at most 1,048,575):
# 3.8 to 4.4x measured at 1M keys of 100 B (19x when the entries were held as XML).
xlsx_factor=5
slack_kib=$((64 * 1024))

work=$(mktemp -d "${TMPDIR:-/tmp}/presplit-memory-bench.XXXXXX")
gen=regions/zz_bench_memory_gen_test.go
trap 'rm -rf "$work" "$gen"' EXIT
P=${BIN:-$work/presplit}
[ -n "${BIN:-}" ] || go build -o "$P" .

# A sorted SPLITS_FILE of $keys keys of 100 bytes (12 distinct, 88 of padding), and a
# spec that names it; keys for verify.
awk -v n="$keys" 'BEGIN { pad = sprintf("%88s", ""); gsub(/ /, "x", pad)
  for (i = 0; i < n; i++) printf "user%08d%s\n", i, pad }' >"$work/splits.txt"
printf 'table: t1\nfamilies: [{name: cf, versions: 1, ttl: 30d}]\nsplits: {file: splits.txt}\n' >"$work/spec.yaml"
awk -v n=1000000 'BEGIN { for (i = 0; i < n; i++) printf "user%08dy\n", (i * 7919) % 100000000 }' >"$work/keys.txt"

# list_regions from regions.SyntheticListRegions (through a throwaway test in the module:
# a program outside it cannot import the package), and a JMX of one RegionServer bean
# with 20 metrics for each of the regions of a smaller list_regions.
cat >"$gen" <<'GO'
package regions

import (
	"os"
	"strconv"
	"testing"
)

func TestBenchMemoryGenerate(t *testing.T) {
	n, _ := strconv.Atoi(os.Getenv("BENCH_REGIONS"))
	if err := os.WriteFile(os.Getenv("BENCH_OUT"), SyntheticListRegions(n), 0o644); err != nil {
		t.Fatal(err)
	}
}
GO
BENCH_REGIONS=$regions BENCH_OUT="$work/list_regions.txt" go test ./regions -run '^TestBenchMemoryGenerate$' -count 1 >/dev/null
BENCH_REGIONS=$jmx_regions BENCH_OUT="$work/jmx_list_regions.txt" go test ./regions -run '^TestBenchMemoryGenerate$' -count 1 >/dev/null
rm -f "$gen"
grep -o '\.[0-9a-f]\{32\}\.' "$work/jmx_list_regions.txt" | tr -d . | awk '
  BEGIN { split("storeFileSize memStoreSize readRequestCount writeRequestCount storeCount storeFileCount compactionsCompletedCount numBytesCompactedCount numFilesCompactedCount filteredReadRequestCount maxStoreFileAge minStoreFileAge avgStoreFileAge numReferenceFiles replicaid maxCompactionQueueSize maxFlushQueueSize lastMajorCompactionAge cpRequestCount get_num_ops", m, " ")
    printf "{\n  \"beans\" : [ {\n    \"name\" : \"Hadoop:service=HBase,name=RegionServer,sub=Regions\",\n    \"tag.Hostname\" : \"rs1.example.com\"" }
  { for (j = 1; j <= 20; j++) printf ",\n    \"Namespace_default_table_bench_region_%s_metric_%s\" : %d", $1, m[j], (NR * 7 + j) % 100000 }
  END { printf "\n  } ]\n}\n" }' >"$work/jmx.json"

over=0
# measure NAME INPUT_BYTES FACTOR COMMAND...: one run, its peak RSS against the bound.
measure() {
  local name=$1 bytes=$2 factor=$3
  shift 3
  case $name in *"${ONLY:-}"*) ;; *) return 0 ;; esac
  local code=0
  /usr/bin/time -v -o "$work/time" "$@" >/dev/null 2>"$work/err" || code=$?
  local kib wall
  kib=$(awk -F': ' '/Maximum resident set size/ { print $2 }' "$work/time")
  wall=$(awk -F': ' '/Elapsed \(wall clock\)/ { print $2 }' "$work/time")
  local bound=$((factor * bytes / 1024 + slack_kib)) verdict=ok
  if [ "$kib" -gt "$bound" ]; then
    verdict=OVER
    over=$((over + 1))
  fi
  local note=""
  [ "$code" = 0 ] || note="(exit $code: $(head -c 70 "$work/err" | head -1))"
  printf '%-34s %9d MiB  %5.2fx input  bound %6d MiB  %-4s %8s  %s\n' "$name" $((kib / 1024)) \
    "$(awk -v k="$kib" -v b="$bytes" 'BEGIN { printf "%.2f", k * 1024 / b }')" $((bound / 1024)) "$verdict" "$wall" "$note"
}

splits_bytes=$(wc -c <"$work/splits.txt")
lr_bytes=$(wc -c <"$work/list_regions.txt")
jmx_bytes=$(wc -c <"$work/jmx.json")
echo "SPLITS_FILE: $keys keys, $splits_bytes bytes; list_regions: $regions regions, $lr_bytes bytes; JMX: $jmx_regions regions x 20 metrics, $jmx_bytes bytes"
echo "bound: peak RSS <= ${splits_factor}x (SPLITS_FILE; xlsx ${xlsx_factor}x), ${lr_factor}x (list_regions), ${jmx_factor}x (JMX) the input + 64 MiB"
cd "$work"
for format in $("$P" splits --help | sed -n 's/.*output FORMAT: \([^(]*\) (default.*/\1/p' | tr -d ,); do
  case $format in
  report | capacity-csv | html) cmd=(plan -f spec.yaml --rows 1e10 --kv 300B -F "$format") ;;
  phoenix) cmd=(splits -f spec.yaml -F phoenix --phoenix-pk 'k VARCHAR') ;;
  xlsx) cmd=(splits -f spec.yaml -F xlsx -o -) ;;
  *) cmd=(splits -f spec.yaml -F "$format") ;;
  esac
  factor=$splits_factor
  [ "$format" = xlsx ] && factor=$xlsx_factor
  measure "${cmd[0]} -F $format" "$splits_bytes" "$factor" "$P" "${cmd[@]}"
done
measure "verify --splits-file" "$splits_bytes" "$splits_factor" "$P" verify --splits-file splits.txt --keys keys.txt
for format in report shell csv json html; do
  measure "regions --list-regions -F $format" "$lr_bytes" "$lr_factor" "$P" regions --list-regions list_regions.txt -F "$format"
done
measure "regions --jmx (one bean)" "$jmx_bytes" "$jmx_factor" "$P" regions --list-regions jmx_list_regions.txt --jmx jmx.json
measure "regions --list-regions /dev/urandom" $((1 << 30)) 0 "$P" regions --list-regions /dev/urandom
[ "$over" = 0 ] || { echo "$over over the bound" >&2; exit 1; }

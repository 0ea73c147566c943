#!/usr/bin/env bash
# Throughput of `presplit verify` against `wc -l` on the same 1 GiB key file, in one run.
#
#   bash bench/verify.sh            # 1 GiB, 1,000 regions
#   SIZE_MIB=256 bash bench/verify.sh
#
# Generates 32-byte hex-prefixed keys (32 random lowercase hex digits, one per line), the
# 999 split keys of 1,000 even regions over the first three hex digits, warms the page
# cache, then times `wc -l` and `presplit verify` on the file and prints both throughputs,
# their ratio (target >= 0.5) and presplit's peak RSS (target < 64 MiB). The key file is
# deleted on exit. Not run by go test or .ci/run: it takes a minute and 1 GiB of disk.
set -euo pipefail
cd "$(dirname "$0")/.."

size_mib=${SIZE_MIB:-1024}
regions=1000
work=$(mktemp -d "${TMPDIR:-/tmp}/presplit-bench.XXXXXX")
trap 'rm -rf "$work"' EXIT

go build -o "$work/presplit" .

# The generator: a throwaway Go program, so the script needs nothing but Go.
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
	for written := int64(0); written+33 <= size; written += 33 {
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
(cd "$work/gen" && go mod init gen >/dev/null 2>&1 && go build -o "$work/genkeys" .)

keys="$work/keys.txt"
"$work/genkeys" $((size_mib * 1024 * 1024)) >"$keys"
for i in $(seq 1 $((regions - 1))); do printf '%03x\n' $((i * 4096 / regions)); done >"$work/splits.txt"
bytes=$(stat -c %s "$keys")
cat "$keys" >/dev/null # warm the page cache for both runs

now() { date +%s.%N; }

t0=$(now)
lines=$(wc -l <"$keys")
t1=$(now)

# Peak RSS: /usr/bin/time -v when installed, else poll /proc/PID/status (VmHWM).
rss_kib=""
t2=$(now)
if [ -x /usr/bin/time ]; then
  /usr/bin/time -v -o "$work/time.txt" "$work/presplit" verify --splits-file "$work/splits.txt" \
    --keys "$keys" --format json >"$work/out.json"
  t3=$(now)
  rss_kib=$(awk -F': *' '/Maximum resident set size/ {print $2}' "$work/time.txt")
else
  "$work/presplit" verify --splits-file "$work/splits.txt" --keys "$keys" --format json >"$work/out.json" &
  pid=$!
  while kill -0 "$pid" 2>/dev/null; do
    hwm=$(awk '/VmHWM/ {print $2}' "/proc/$pid/status" 2>/dev/null || true)
    [ -n "$hwm" ] && rss_kib=$hwm
    sleep 0.05
  done
  wait "$pid"
  t3=$(now)
fi

counted=$(grep -m1 '"keys":' <(tac "$work/out.json") | tr -dc '0-9')
if [ "$counted" != "$lines" ]; then
  echo "presplit counted $counted keys, wc -l counted $lines" >&2
  exit 1
fi

awk -v b="$bytes" -v l="$lines" -v w0="$t0" -v w1="$t1" -v p0="$t2" -v p1="$t3" -v rss="$rss_kib" \
  -v cpus="$(nproc)" 'BEGIN {
  mib = b / 1048576; wc = w1 - w0; ps = p1 - p0
  printf "file      %.0f MiB, %d keys of 32 bytes, %d regions, %d CPUs\n", mib, l, 1000, cpus
  printf "wc -l     %6.2f s  %8.1f MiB/s\n", wc, mib / wc
  printf "presplit  %6.2f s  %8.1f MiB/s  peak RSS %.1f MiB\n", ps, mib / ps, rss / 1024
  printf "ratio     %.2f (presplit / wc -l throughput; target >= 0.5)\n", wc / ps
}'

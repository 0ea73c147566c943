#!/usr/bin/env bash
# Throughput of `presplit verify` against `wc -l` on the same key file, in the same run.
#
#   bash bench/verify.sh                    # every scenario, 512 MiB key files, 3 paired runs
#   SIZE_MIB=256 RUNS=5 bash bench/verify.sh hex1k user
#   BIN=/tmp/presplit-old bash bench/verify.sh hex1k   # time another build
#   QUIET=0 bash bench/verify.sh            # do not wait for idle CPUs before each run
#   KEYS_DIR=/tmp/keys bash bench/verify.sh # keep the key files there for the next run
#                                           # (say, with another BIN; delete it after)
#
# Scenarios (the targets: presplit's throughput over wc -l's, on a 2-CPU machine):
#   hex1k    32 lowercase hex chars a line, --prefix hex --regions 1000       (>= 0.8)
#   hex100k  the same keys, --prefix hex --regions 100000                     (>= 0.5)
#   uniform  16 random bytes a line in toStringBinary form (\xNN escapes),
#            --algo UniformSplit --regions 1000                               (>= 0.35)
#   user     user-%d, 8 to 40 bytes a line, 999 split keys taken from a
#            second sample at even quantiles (all of them start with user-)   (>= 0.5)
#   hex1m    the hex keys, --prefix hex --regions 1000000                     (>= 0.3, peak RSS < 64 MiB)
#   hex10m   the hex keys, --prefix hex --regions 10000000 (not in the default set; the
#            count's cost a key within 2x of hex1k's)
#   user1m   the user keys, 999,999 split keys taken as for user (listed splits at a
#            million regions, whole sample keys as get_splits lists them: the grid's end
#            classes and its lines placed by their tails)
#   hex1k-listed, hex1m-listed, hex10m-listed (hex10m-listed not in the default set)
#            the hex keys against the split of --prefix hex --regions 1000, 1000000,
#            10000000 written by splits --format splits-file and given as --splits-file
#            (target: within 1.2x of the generated split's time at 1e3 and 1e6)
#   cut1m    the hex keys against splits --sample --regions 1000000 of 64 MiB of them
#            (an exact sample cut: split keys of 1 to 10 digits; >= 0.25)
#   linear   a key's count at 10,000,000 regions against 1,000 (not in the default set):
#            Count alone on 128 and 512 MiB of hex keys at both (BenchmarkCountRegions);
#            a key's cost is the difference over the keys between the two sizes, so what
#            the regions themselves cost drops out (target: the ratio within 2)
# Each run waits for idle CPUs, reads the key file into the page cache and checks it is
# resident (bench/lib.sh's warm: fincore), times `wc -l`, checks residency again, then times
# `presplit verify --format $FORMAT` under /usr/bin/time -v (peak RSS and presplit's CPU
# time, user and system: on a host whose other guests take the memory and the cores by
# turns, a steadier figure than the wall clock's; /proc/PID/status VmHWM and no CPU time
# without it), checks that both counted the same keys, and prints both throughputs, their
# ratio, the share of the file resident before each and the load average as the run began
# (/proc/loadavg: other jobs on the machine); the last line of a scenario is the median of
# its runs. Key files are deleted on exit (unless KEYS_DIR). Not run by go test or .ci/run.
set -euo pipefail
cd "$(dirname "$0")/.."

size_mib=${SIZE_MIB:-512}
runs=${RUNS:-3}
format=${FORMAT:-table}
scenarios=("$@")
[ ${#scenarios[@]} -gt 0 ] || scenarios=(hex1k hex100k uniform user hex1m hex1k-listed hex1m-listed cut1m user1m)

work=$(mktemp -d "${TMPDIR:-/tmp}/presplit-bench.XXXXXX")
trap 'rm -rf "$work"' EXIT
keys_dir=${KEYS_DIR:-$work}
mkdir -p "$keys_dir"

bin=${BIN:-}
if [ -z "$bin" ]; then
  bin="$work/presplit"
  go build -o "$bin" .
fi

# The generator: a throwaway Go program, so the script needs nothing but Go.
mkdir "$work/gen"
cat >"$work/gen/main.go" <<'GO'
package main

import (
	"bufio"
	"bytes"
	"encoding/hex"
	"fmt"
	"math/rand/v2"
	"os"
	"slices"
	"strconv"
)

// genkeys KIND SIZE writes SIZE bytes (whole lines) of keys; genkeys user-splits N writes
// the N-1 split keys of N regions at even quantiles of another user-%d sample.
func main() {
	kind := os.Args[1]
	size, _ := strconv.ParseInt(os.Args[2], 10, 64)
	w := bufio.NewWriterSize(os.Stdout, 1<<20)
	defer w.Flush()
	rng := rand.New(rand.NewPCG(1, 2))
	var line []byte
	var raw [16]byte
	next := map[string]func(){
		"hex": func() {
			for i := 0; i < 16; i += 8 {
				v := rng.Uint64()
				for j := range 8 {
					raw[i+j] = byte(v >> (8 * j))
				}
			}
			line = hex.AppendEncode(line[:0], raw[:])
		},
		"binary": func() { // Bytes.toStringBinary of 16 random bytes
			line = line[:0]
			for range 16 {
				c := byte(rng.Uint32())
				if c >= 0x20 && c <= 0x7E && c != '\\' {
					line = append(line, c)
				} else {
					line = append(line, '\\', 'x', "0123456789ABCDEF"[c>>4], "0123456789ABCDEF"[c&15])
				}
			}
		},
		"user": func() { userKey(rng, &line) },
	}
	if kind == "user-splits" {
		rng = rand.New(rand.NewPCG(3, 4))
		sample := make([][]byte, min(200*int(size), 4_000_000)) // 4 a region at 1e6: seconds to sort
		for i := range sample {
			userKey(rng, &line)
			sample[i] = slices.Clone(line)
		}
		slices.SortFunc(sample, bytes.Compare)
		var prev []byte
		for i := 1; i < int(size); i++ {
			k := sample[i*len(sample)/int(size)]
			if !bytes.Equal(k, prev) {
				fmt.Fprintf(w, "%s\n", k)
			}
			prev = k
		}
		return
	}
	for written := int64(0); ; {
		next[kind]()
		line = append(line, '\n')
		if written+int64(len(line)) > size {
			return
		}
		w.Write(line)
		written += int64(len(line))
	}
}

// userKey is user- and a number of 3 to 35 digits: 8 to 40 bytes.
func userKey(rng *rand.Rand, line *[]byte) {
	b := append((*line)[:0], "user-"...)
	n := 3 + rng.IntN(33)
	b = append(b, byte('1'+rng.IntN(9)))
	for range n - 1 {
		b = append(b, byte('0'+rng.IntN(10)))
	}
	*line = b
}
GO
(cd "$work/gen" && go mod init gen >/dev/null 2>&1 && go build -o "$work/genkeys" .)

# keyfile KIND: the key file of that kind, generated once.
keyfile() {
  local f="$keys_dir/keys-$1-$size_mib.txt"
  [ -f "$f" ] || { "$work/genkeys" "$1" $((size_mib * 1024 * 1024)) >"$f.part" && mv "$f.part" "$f"; }
  echo "$f"
}

now() { date +%s.%N; }

# shellcheck source=bench/lib.sh
. bench/lib.sh

# run NAME KIND ARGS...: RUNS paired runs of wc -l and presplit verify ARGS on a KIND file.
run() {
  local name=$1 kind=$2
  shift 2
  local keys bytes
  keys=$(keyfile "$kind")
  bytes=$(stat -c %s "$keys")
  : >"$work/runs.txt"
  for r in $(seq 1 "$runs"); do
    waitidle
    local t0 t1 t2 t3 lines rss_kib="" cpu_s="-" res_wc res_ps load
    read -r load _ </proc/loadavg
    warm "$keys"
    res_wc=${resident_pct:-?}
    t0=$(now)
    lines=$(wc -l <"$keys")
    t1=$(now)
    warm "$keys"
    res_ps=${resident_pct:-?}
    # The last run's output goes before the clock starts: the shell's redirection would
    # truncate it inside the timed span (a million regions' 98.6 MB table: 16 to 40 ms
    # of the kernel freeing its pages, charged to presplit), and a run writes a new file.
    rm -f "$work/out"
    if [ -x /usr/bin/time ]; then
      t2=$(now)
      /usr/bin/time -v -o "$work/time.txt" "$bin" verify "$@" --keys "$keys" --format "$format" >"$work/out" 2>"$work/err"
      t3=$(now)
      rss_kib=$(awk -F': *' '/Maximum resident set size/ {print $2}' "$work/time.txt")
      cpu_s=$(awk -F': *' '/User time|System time/ {s += $2} END {print s}' "$work/time.txt")
    else
      t2=$(now)
      "$bin" verify "$@" --keys "$keys" --format "$format" >"$work/out" 2>"$work/err" &
      local pid=$! hwm
      while kill -0 "$pid" 2>/dev/null; do
        hwm=$(awk '/VmHWM/ {print $2}' "/proc/$pid/status" 2>/dev/null || true)
        [ -n "$hwm" ] && rss_kib=$hwm
        sleep 0.02
      done
      wait "$pid"
      t3=$(now)
    fi
    local counted
    case $format in
    json) counted=$(grep -m1 '"keys":' <(tac "$work/out") | tr -dc '0-9') ;;
    csv) counted=$(awk -F, 'NR > 1 {n += $4} END {print n}' "$work/out") ;;
    *) counted=$(awk '$1 == "keys" {print $2}' "$work/out") ;;
    esac
    if [ "$counted" != "$lines" ]; then
      echo "$name: presplit counted $counted keys, wc -l counted $lines" >&2
      cat "$work/err" >&2
      exit 1
    fi
    echo "$t0 $t1 $t2 $t3 $rss_kib $res_wc $res_ps $load $cpu_s" >>"$work/runs.txt"
  done
  awk -v name="$name" -v b="$bytes" -v l="$lines" -v cpus="$(nproc)" -v args="$*" '
  { wc[NR] = $2 - $1; ps[NR] = $4 - $3; rss[NR] = $5; ratio[NR] = wc[NR] / ps[NR]; cpu[NR] = $9 }
  function median(a, n,   i, j, t, s) {
    for (i = 1; i <= n; i++) s[i] = a[i]
    for (i = 1; i <= n; i++) for (j = i + 1; j <= n; j++) if (s[j] < s[i]) { t = s[i]; s[i] = s[j]; s[j] = t }
    return n % 2 ? s[(n + 1) / 2] : (s[n / 2] + s[n / 2 + 1]) / 2
  }
  BEGIN { mib = b / 1048576 }
  NR == 1 { printf "== %s: verify %s, %.0f MiB, %d keys, %d CPUs\n", name, args, mib, l, cpus }
  { printf "   run %d: wc -l %8.1f MiB/s  presplit %8.1f MiB/s (%6.2f s, CPU %s s)  ratio %.2f  peak RSS %6.1f MiB  resident %s%%/%s%%  load %s\n",
      NR, mib / wc[NR], mib / ps[NR], ps[NR], cpu[NR], ratio[NR], rss[NR] / 1024, $6, $7, $8 }
  END {
    printf "   %-8s wc -l %8.1f MiB/s  presplit %8.1f MiB/s (%6.2f s, CPU %s s)  ratio %.2f  peak RSS %6.1f MiB\n",
      "median", mib / median(wc, NR), mib / median(ps, NR), median(ps, NR), cpu[1] == "-" ? "-" : sprintf("%.2f", median(cpu, NR)), median(ratio, NR), median(rss, NR) / 1024
  }' "$work/runs.txt"
}

# listed NAME KIND ARGS...: run NAME on a KIND file against the split presplit splits ARGS
# makes, written as a splits file and given back with --splits-file.
listed() {
  local name=$1 kind=$2
  shift 2
  if ! "$bin" splits "$@" --format splits-file >"$work/$name-splits.txt" 2>"$work/err"; then
    echo "$name: presplit splits $* failed:" >&2
    cat "$work/err" >&2
    exit 1
  fi
  run "$name" "$kind" --splits-file "$work/$name-splits.txt"
}

# linear: a key's count at 10,000,000 regions against 1,000. The whole command at ten
# million regions is mostly making the split and printing ten million rows (0.8 s), whose
# noise from run to run is larger than the keys' count (0.1 to 0.2 s), so this times Count
# alone: distribution's BenchmarkCountRegions (Count on 128 and 512 MiB files of the hex
# keys, 2 workers, at both region counts), RUNS rounds of it, and a key's cost is the
# difference of the two sizes' medians over the keys between them.
linear() {
  go test -c -o "$work/distribution.test" ./distribution
  : >"$work/linear.txt"
  for r in $(seq 1 "$runs"); do
    waitidle
    (cd "$work" && TMPDIR="$work" ./distribution.test -test.run '^$' -test.bench '^BenchmarkCountRegions$' -test.benchtime 10x) |
      awk '/^BenchmarkCountRegions/ { split($1, p, "[=/-]"); print p[4], p[6], $3 }' >>"$work/linear.txt"
  done
  # Lines of 33 bytes: 32 hex digits and \n, cut at the last line end before the size.
  awk -v k128=$(((128 << 20) / 33)) -v k512=$(((512 << 20) / 33)) '
  function median(a, n,   i, j, t, s) {
    for (i = 1; i <= n; i++) s[i] = a[i]
    for (i = 1; i <= n; i++) for (j = i + 1; j <= n; j++) if (s[j] < s[i]) { t = s[i]; s[i] = s[j]; s[j] = t }
    return n % 2 ? s[(n + 1) / 2] : (s[n / 2] + s[n / 2 + 1]) / 2
  }
  { k = $1 " " $2; n[k]++; t[k, n[k]] = $3 }
  END {
    printf "== linear: Count alone (BenchmarkCountRegions), medians of %d rounds\n", n["1000 128"]
    for (r = 0; r < 2; r++) {
      regions = r ? 10000000 : 1000
      for (h = 0; h < 2; h++) {
        k = regions " " (h ? 512 : 128)
        for (i = 1; i <= n[k]; i++) v[i] = t[k, i]
        m[k] = median(v, n[k])
        printf "   %8d regions, %3d MiB: %6.1f ms\n", regions, h ? 512 : 128, m[k] / 1e6
      }
      key[regions] = (m[regions " 512"] - m[regions " 128"]) / (k512 - k128)
      printf "   %8d regions: a key %.2f ns\n", regions, key[regions]
    }
    printf "   ratio: a key at 10,000,000 regions costs %.2f times one at 1,000 (target: within 2)\n", key[10000000] / key[1000]
  }' "$work/linear.txt"
}

for s in "${scenarios[@]}"; do
  case $s in
  hex1k) run hex1k hex --prefix hex --regions 1000 ;;
  hex100k) run hex100k hex --prefix hex --regions 100000 ;;
  uniform) run uniform binary --algo UniformSplit --regions 1000 ;;
  user)
    "$work/genkeys" user-splits 1000 >"$work/user-splits.txt"
    run user user --splits-file "$work/user-splits.txt"
    ;;
  hex1m) run hex1m hex --prefix hex --regions 1000000 ;;
  user1m)
    "$work/genkeys" user-splits 1000000 >"$work/user1m-splits.txt"
    run user1m user --splits-file "$work/user1m-splits.txt"
    ;;
  hex10m) run hex10m hex --prefix hex --regions 10000000 ;;
  hex1k-listed) listed hex1k-listed hex --prefix hex --regions 1000 ;;
  hex1m-listed) listed hex1m-listed hex --prefix hex --regions 1000000 ;;
  hex10m-listed) listed hex10m-listed hex --prefix hex --regions 10000000 ;;
  cut1m)
    # 64 MiB of the same keys (2 million): cut exactly, within --memory's default.
    "$work/genkeys" hex $((64 << 20)) >"$work/cut-sample.txt"
    listed cut1m hex --sample "$work/cut-sample.txt" --regions 1000000
    ;;
  linear) linear ;;
  *)
    echo "unknown scenario $s: hex1k, hex100k, uniform, user, hex1m, hex10m, user1m, hex1k-listed, hex1m-listed, hex10m-listed, cut1m or linear" >&2
    exit 2
    ;;
  esac
done
if [ "$cold_runs" -gt 0 ] || [ "$busy_runs" -gt 0 ]; then
  echo "note: $cold_runs run(s) started with the key file not all in the page cache, $busy_runs on a busy machine" >&2
fi

#!/usr/bin/env bash
# Wall time of one `msp validate` of one certificate, as a whole process: the median (and the
# spread) of RUNS runs (default 10) after one untimed run, which builds the jar and the
# class-data-sharing archive when they are missing. Run from anywhere:
#
#   bench/command-start.sh [RUNS]
#
# It validates the committed sample's peer0 of Org1 against Org1's MSP, as the README's main job
# does; the verdict is checked, so a run that failed is not timed as a fast one.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
runs="${1:-10}"
org="$root/testdata/sample/peerOrganizations/org1.example.com"
args=(validate --msp-dir "$org/msp" --msp-id Org1MSP
  "$org/peers/peer0.org1.example.com/msp/signcerts/peer0.org1.example.com-cert.pem")

"$root/msp" "${args[@]}" >/dev/null
times=()
for _ in $(seq "$runs"); do
  start=$(date +%s%N)
  out="$("$root/msp" "${args[@]}")"
  end=$(date +%s%N)
  case "$out" in
    *": valid "*) ;;
    *) echo "unexpected verdict: $out" >&2; exit 1 ;;
  esac
  times+=($(( (end - start) / 1000000 )))
done
sorted=($(printf '%s\n' "${times[@]}" | sort -n))
n=${#sorted[@]}
if (( n % 2 )); then
  median=${sorted[n / 2]}
else
  median=$(( (sorted[n / 2 - 1] + sorted[n / 2]) / 2 ))
fi
echo "msp validate, $n runs: median ${median} ms, min ${sorted[0]} ms, max ${sorted[n - 1]} ms"
echo "runs (ms): ${times[*]}"

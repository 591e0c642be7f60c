#!/usr/bin/env bash
# Wall time of one `msp validate` of one certificate as a whole process, beside the JVM's bare
# start (`java -version` with the same flags and class-data sharing on): RUNS runs of each
# (default 10), alternated so that both see the same machine, after one untimed run that builds
# the jar and the class-data-sharing archive when they are missing. Prints the median, minimum
# and maximum of each and the ratio of the medians. Run from anywhere:
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
# The flags the msp script gives a short run.
jvm=(java -XX:TieredStopAtLevel=1 -XX:+UseSerialGC -XX:-UsePerfData -Xshare:auto)

millis() { echo $(( $(date +%s%N) / 1000000 )); }
"$root/msp" "${args[@]}" >/dev/null
msp_times=()
jvm_times=()
for _ in $(seq "$runs"); do
  start=$(millis)
  out="$("$root/msp" "${args[@]}")"
  end=$(millis)
  case "$out" in
    *": valid "*) ;;
    *) echo "unexpected verdict: $out" >&2; exit 1 ;;
  esac
  msp_times+=($(( end - start )))
  start=$(millis)
  "${jvm[@]}" -version 2>/dev/null
  end=$(millis)
  jvm_times+=($(( end - start )))
done

median() {
  local sorted=($(printf '%s\n' "$@" | sort -n)) n=$#
  if (( n % 2 )); then echo "${sorted[n / 2]}"; else echo $(( (sorted[n / 2 - 1] + sorted[n / 2]) / 2 )); fi
}
summary() {
  local sorted=($(printf '%s\n' "${@:2}" | sort -n))
  echo "$1, ${#sorted[@]} runs: median $(median "${@:2}") ms, min ${sorted[0]} ms, max ${sorted[${#sorted[@]} - 1]} ms"
}
summary "msp validate" "${msp_times[@]}"
summary "java -version" "${jvm_times[@]}"
m=$(median "${msp_times[@]}")
j=$(median "${jvm_times[@]}")
echo "ratio of medians: $(awk -v m="$m" -v j="$j" 'BEGIN { printf "%.2f", (j > 0 ? m / j : 0) }')x"
echo "msp validate runs (ms): ${msp_times[*]}"
echo "java -version runs (ms): ${jvm_times[*]}"

#!/usr/bin/env bash
# Fuzzes msp4j's Jazzer targets, one after the other, each for about SECONDS (default 600).
#
#   tools/fuzz.sh [SECONDS] [FILTER]
#
# FILTER is a regular expression matched against "module/Class#method" (default: every target).
# SECONDS are counted from libFuzzer's first status line, after Maven, the JVM and Jazzer start.
# Each target runs in its own JVM (Jazzer fuzzes one target per run) with JAZZER_FUZZ=1; the
# corpus it grows is kept under <module>/.cifuzz-corpus/ (ignored by git) and reused next time, and
# an input that breaks a property is written to the target's seed folder under
# src/test/resources/.../<Class>Inputs/<method>/, where normal test runs replay it: commit it with
# the fix. The last libFuzzer status line of each target (executions, coverage, corpus) is printed
# and appended to target/fuzz-summary.txt. Maven runs offline (-o) with -am, so the modules come
# from this checkout; JAZZER_FUZZ switches on the pom's 'fuzz' profile (Jazzer's agent).
# FUZZ_MVN_ARGS adds arguments to the Maven command, such as
#   FUZZ_MVN_ARGS='-Djazzer.instrument=com.google.protobuf.**,io.msp4j.**'
# for a target whose property is about a protobuf parse: Jazzer instruments the project's classes
# only, and without guidance into protobuf's parser such a target stalls at a handful of edges.
set -uo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
seconds="${1:-600}"
filter="${2:-.}"
summary="$root/target/fuzz-summary.txt"
mkdir -p "$root/target"

targets() {
  (cd "$root" && grep -rl --include='*.java' '@FuzzTest' -- */src/test/java) | while read -r file; do
    module="${file%%/*}"
    class="$(basename "$file" .java)"
    awk '/@FuzzTest/ {want=1; next} want && match($0, /void [A-Za-z0-9_]+\(/) {
           m=substr($0, RSTART+5, RLENGTH-6); print m; want=0 }' "$root/$file" |
      while read -r method; do echo "$module/$class#$method"; done
  done
}

for t in $(targets | grep -E -- "$filter"); do
  module="${t%%/*}"
  test="${t#*/}"
  log="$root/target/fuzz-$(echo "$test" | tr '#' '-').log"
  echo "fuzzing $t for ${seconds}s ..." >&2
  # The targets' @FuzzTest maxDuration is 12h (it overrides libFuzzer's -max_total_time), so the
  # run is stopped from here: SECONDS after libFuzzer's first status line, so that Maven's start,
  # compilation and Jazzer's instrumentation (which take minutes on a busy machine) do not eat
  # into the fuzzing time. The run gets SIGINT, as libFuzzer expects, and is killed 60 s later if
  # it has not stopped.
  (cd "$root" && JAZZER_FUZZ=1 exec setsid mvn -B -o -q test -pl "$module" -am -Dtest="$test" \
    -Dsurefire.failIfNoSpecifiedTests=false ${FUZZ_MVN_ARGS:-}) >"$log" 2>&1 &
  pid=$!
  started=""
  while kill -0 "$pid" 2>/dev/null; do
    if grep -qaE '^#[0-9]+' "$log" 2>/dev/null; then
      started=$(date +%s)
      break
    fi
    sleep 2
  done
  if [ -n "$started" ]; then
    while kill -0 "$pid" 2>/dev/null && [ $(( $(date +%s) - started )) -lt "$seconds" ]; do
      sleep 2
    done
    kill -INT -- "-$pid" 2>/dev/null
    for _ in $(seq 30); do
      kill -0 "$pid" 2>/dev/null || break
      sleep 2
    done
    kill -KILL -- "-$pid" 2>/dev/null
  fi
  wait "$pid"
  status=$?
  fuzzed=$(( started ? $(date +%s) - started : 0 ))
  last="$(grep -aE '^#[0-9]+' "$log" | tail -1)"
  finding="$(grep -aE 'FuzzTestFindingException|== Java Exception|DEDUP_TOKEN' "$log" | head -1)"
  line="$(date -u +%FT%TZ) $t fuzzed=${fuzzed}s exit=$status ${last:-no status line} ${finding:+FINDING: $finding}"
  echo "$line" | tee -a "$summary"
done

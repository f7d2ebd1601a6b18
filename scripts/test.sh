#!/usr/bin/env bash
# `npm test`: the programs the tests need, then four phases, each timed (wall clock and CPU), in the
# order CI runs them. A failing phase stops the run, as `&&` did; the times are printed either way.
# One phase alone: `npm run test:lint`, `npm run test:unit`, `npm run test:pg`, `npm run test:e2e`.
set -uo pipefail
cd "$(dirname "$0")/.."
bash scripts/test-prerequisites.sh || exit 1
mkdir -p test-results
times_file=test-results/phases.tsv
: >"$times_file"

# CPU seconds (user + system) of every finished child so far, into $cpu: `times` prints the shell's, then
# the children's. It runs in this shell (a redirect, not $(…)): a subshell would count only its own children.
cpu_file=$(mktemp)
trap 'rm -f "$cpu_file"' EXIT
children_cpu() {
  times >"$cpu_file"
  cpu=$(tail -n 1 "$cpu_file" | awk '{ s = 0; for (i = 1; i <= 2; i++) { split($i, p, /[ms]/); s += p[1] * 60 + p[2] } printf "%.0f", s }')
}

status=0
phase() {
  local name=$1 command=$2 start cpu0 rc
  start=$SECONDS
  children_cpu
  cpu0=$cpu
  bash -c "$command"
  rc=$?
  children_cpu
  printf '%s\t%s\t%s\t%s\t%s\n' "$name" "$((SECONDS - start))" "$((cpu - cpu0))" \
    "$(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null)" "$rc" >>"$times_file"
  return "$rc"
}

phase 'lint and types' 'npm run test:lint' &&
  phase 'unit and API on PGlite' 'npm run test:unit' &&
  phase 'API on PostgreSQL' 'npm run test:pg' &&
  phase 'browser' 'npm run test:e2e' || status=$?

# The table: wall clock, CPU (user + system: 2 × wall is both cores busy the whole time), load average.
awk -F'\t' 'function t(s) { return sprintf("%2dm%02ds", s / 60, s % 60) }
  BEGIN { print "\nTime per phase (wall clock | CPU user+system | load average 1/5/15 min at its end):" }
  { printf "  %-24s %s | CPU %s | load %s%s\n", $1, t($2), t($3), $4, ($5 == 0 ? "" : " | FAILED") }' "$times_file"
exit "$status"

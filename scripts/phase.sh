#!/usr/bin/env bash
# phase.sh NAME WHAT COMMAND...: runs one phase of make test, saying what
# it does when it starts and how long it took when it ends.
set -uo pipefail
name=$1 what=$2
shift 2
echo "── $name: $what"
start=$SECONDS
"$@"
status=$?
took=$((SECONDS - start))
if [ $status -eq 0 ]; then
  printf '── %s: ok in %dm%02ds\n' "$name" $((took / 60)) $((took % 60))
else
  printf '── %s: FAILED after %dm%02ds (exit status %d)\n' "$name" $((took / 60)) $((took % 60)) $status
fi
exit $status

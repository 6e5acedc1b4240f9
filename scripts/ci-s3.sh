#!/usr/bin/env bash
# CI step for object storage and the scaled-out topology: installs and starts a single-node Ceph
# cluster with its S3 gateway (../shared/tools/s3-ceph.sh, Debian's packages), runs the storage
# contract suite against it, then `npm run test:cluster` (two API processes and a worker on
# PostgreSQL, Redis and S3), and stops Ceph whatever happens. Prints how long each part took.
# env: CI_DATABASE_URL, CI_REDIS_URL (as in .ci/run), S3_PORT (7480), MON_PORT (6789), CEPH_DIR.
set -euo pipefail
cd "$(dirname "$0")/.."

CEPH=${S3_CEPH_SCRIPT:-../shared/tools/s3-ceph.sh}
[ -f "$CEPH" ] || { echo "ci-s3: $CEPH not found (the shared tools sit beside the repository)" >&2; exit 1; }
export S3_PORT=${S3_PORT:-7480} MON_PORT=${MON_PORT:-6789}
# A folder of our own is removed when the step ends; one the caller named is left to the caller.
[ -n "${CEPH_DIR:-}" ] && own_ceph_dir="" || own_ceph_dir=yes
export CEPH_DIR=${CEPH_DIR:-${TMPDIR:-/tmp}/ssaem-ci-ceph}
export S3_ACCESS_KEY=${S3_ACCESS_KEY:-ciaccesskey} S3_SECRET_KEY=${S3_SECRET_KEY:-cisecretkey}
endpoint="http://127.0.0.1:$S3_PORT"

step() { local name=$1; shift; local t0=$SECONDS; "$@"; echo "ci-s3: $name took $((SECONDS - t0)) s"; }

step "installing Ceph" bash "$CEPH" install
trap 'bash "$CEPH" stop || true; if [ -n "$own_ceph_dir" ]; then rm -rf "$CEPH_DIR"; fi' EXIT
step "starting the Ceph S3 gateway" bash "$CEPH" start

echo "== storage contract suite (local folder and S3) and the file routes on S3 =="
step "the storage contract suite" env \
  TEST_S3_ENDPOINT="$endpoint" TEST_S3_ACCESS_KEY_ID="$S3_ACCESS_KEY" TEST_S3_SECRET_ACCESS_KEY="$S3_SECRET_KEY" \
  node scripts/node24.mjs npx vitest run --project @ssaem/server apps/server/test/file-storage-contract.test.ts apps/server/test/files-s3.test.ts

echo "== two API instances and a worker on PostgreSQL, Redis and S3 =="
step "the cluster scenario" env \
  CLUSTER_DATABASE_URL="${CI_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/test}" \
  CLUSTER_REDIS_URL="${CI_REDIS_URL:-redis://127.0.0.1:6379}" \
  CLUSTER_S3_ENDPOINT="$endpoint" CLUSTER_S3_ACCESS_KEY_ID="$S3_ACCESS_KEY" CLUSTER_S3_SECRET_ACCESS_KEY="$S3_SECRET_KEY" \
  npm run test:cluster

#!/usr/bin/env bash
# `npm test`: type checks, the server suite (PGlite, or PostgreSQL when TEST_DATABASE_URL is
# set), then the browser suite against a freshly started platform.
set -euo pipefail
cd "$(dirname "$0")/.."
[ -d node_modules ] || npm ci
bash scripts/ensure-chromium.sh
echo "== type check"
npx tsc -p packages/contracts
npx tsc -p apps/server
npx tsc -p apps/web
npx tsc -p e2e
npx tsc -p bench
echo "== lint and format"
npm run lint --silent
npm run format:check --silent
echo "== build web"
npm run build -w apps/web --silent
mkdir -p test-results
echo "== tests (server + browser)"
status=0
npx vitest run --reporter=default --reporter=json --outputFile.json=test-results/vitest.json "$@" || status=$?
node scripts/summary.mjs test-results/vitest.json || true
exit $status

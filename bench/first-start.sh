#!/usr/bin/env bash
# What a newcomer waits for (README "Start"): a fresh clone of this checkout, npm install, the first
# npm start to its first /api/health answer, to its first page and to the end of the demo media jobs,
# then a second start.
# Usage: bash bench/first-start.sh [port]   (clones into a temporary folder; removes it at the end)
set -euo pipefail
PORT=${1:-3222}
SRC=${LUMEN_CHECKOUT:-$(cd "$(dirname "$0")/.." && pwd)}
DIR=$(mktemp -d /tmp/lumen-first-start-XXXX)
# Each start runs in its own process group (setsid), so npm and the server it spawns stop together.
GROUP=
stop() { [ -n "$GROUP" ] && kill -INT -- "-$GROUP" 2>/dev/null && while kill -0 -- "-$GROUP" 2>/dev/null; do sleep 0.2; done; GROUP=; }
trap 'stop; rm -rf "$DIR"' EXIT
git clone -q "$SRC" "$DIR"
cd "$DIR"
now() { date +%s.%N; }
since() { printf '%.0f' "$(echo "$(now) - $1" | bc)"; }
health() { curl -sf "http://127.0.0.1:$PORT/api/health" 2>/dev/null; }

t=$(now)
npm install --no-audit --no-fund --prefer-offline >/dev/null 2>&1
echo "npm install: $(since "$t") s"

t=$(now)
PORT=$PORT setsid npm start >"$DIR/start1.log" 2>&1 &
GROUP=$!
until health >/dev/null; do sleep 0.5; done
echo "first start, the server answers: $(since "$t") s"
# Until the client's first build is complete, pages answer 503 (the 构建中 page); curl -f fails on it.
until curl -sf -o /dev/null "http://127.0.0.1:$PORT/"; do sleep 0.5; done
echo "first start, the web client is served: $(since "$t") s"
until health | grep -q '"seedPending":0'; do sleep 2; done
echo "first start, demo media done: $(since "$t") s"
stop

t=$(now)
PORT=$PORT setsid npm start >"$DIR/start2.log" 2>&1 &
GROUP=$!
until health >/dev/null; do sleep 0.2; done
echo "second start, the server answers: $(since "$t") s"

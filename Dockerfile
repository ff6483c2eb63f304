# syntax=docker/dockerfile:1
# Lumen's app server and worker image (docs/operations.md, "Deploying"). One image, two commands:
#   app server: node server/dist/server.mjs   (the default CMD)
#   worker:     node server/dist/worker.mjs   (compose.yaml's worker service)
# Not built or run on the machine it was written on (it has no Docker engine): written against the
# Dockerfile reference and the node:20-bookworm-slim image, and held to the process topology that is
# tested there (scripts/topology.ts, tests/e2e/journeys/deployment.test.ts).

# --- build: the client (Vite, with its server-render bundle in dist-ssr) and the server bundles ---
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
# npm install, not npm ci: .ci/run explains why this lockfile is installed that way.
RUN npm install --no-audit --no-fund
COPY . .
# NODE_ENV=production: Vite bundles React's production build.
RUN NODE_ENV=production npx vite build --logLevel warn \
 && node scripts/server-bundle.mjs

# --- runtime: Debian's Chromium (web capture), ffmpeg (media pipeline) and CJK fonts (pages and PDFs) ---
FROM node:20-bookworm-slim AS runtime
RUN apt-get update \
 && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends \
      chromium ffmpeg fonts-noto-cjk fonts-droid-fallback ca-certificates \
 && rm -rf /var/lib/apt/lists/*
WORKDIR /app
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    CLIENT_DIR=/app/dist \
    DATA_DIR=/var/lib/lumen \
    CHROMIUM_PATH=/usr/bin/chromium \
    MALLOC_ARENA_MAX=2
# The bundles load npm packages from node_modules (scripts/server-bundle.mjs keeps them external). All of
# node_modules, not --omit=dev: the capture service imports playwright-core, which package.json lists
# among the devDependencies.
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/server/dist ./server/dist
# Migrations are read at start (server/src/db/migrate.ts, relative to package.json).
COPY --from=build /app/server/src/db/migrations ./server/src/db/migrations
# The demo catalogue's photographs and their credits (server/src/seed/catalogue/photos.ts).
COPY --from=build /app/server/seed-assets ./server/seed-assets
COPY --from=build /app/dist ./dist
COPY --from=build /app/dist-ssr ./dist-ssr
# A user of its own; it may write only DATA_DIR (upload temp files, the evidence log's checkpoint)
# and .cache (the demo seed's media cache).
RUN groupadd --system lumen && useradd --system --gid lumen --home-dir /app lumen \
 && mkdir -p /var/lib/lumen /app/.cache && chown lumen:lumen /var/lib/lumen /app/.cache
USER lumen
EXPOSE 3000
# /live checks only the process (a restart cures its failure); the load balancer polls /ready.
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/health/live').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
CMD ["node", "server/dist/server.mjs"]

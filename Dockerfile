# syntax=docker/dockerfile:1
# One Node container; PostgreSQL via DATABASE_URL (or embedded PGlite in /data when absent).

FROM node:24-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
RUN npm ci --no-audit --no-fund

FROM deps AS build
COPY . .
RUN npm run build

FROM node:24-bookworm-slim AS prod-deps
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
# TypeScript stays behind although `--omit=dev` keeps it: it is also an optional peer of @react-router/node and
# @react-router/express, which npm then counts as a production package (27 MB of native compiler nobody runs here).
RUN npm ci --omit=dev --no-audit --no-fund \
  && rm -rf node_modules/typescript node_modules/@typescript node_modules/.bin/tsc node_modules/.bin/tsserver \
  && npm cache clean --force

FROM node:24-bookworm-slim
# jemalloc, which the server preloads when the system has it: free memory goes back to the system (ADR 34, addendum 7).
RUN apt-get update \
  && apt-get install -y --no-install-recommends libjemalloc2 \
  && rm -rf /var/lib/apt/lists/*
# The memory settings (a bounded V8 heap, jemalloc or two glibc malloc arenas with fixed thresholds) are not set here:
# server.ts applies them to itself at start, the same for the container and `npm start`
# (app/infra/memory-settings.server.ts, docs/decisions/0034-v8-heap-sizing.md).
ENV NODE_ENV=production \
    PORT=3000 \
    HOST=0.0.0.0 \
    DATA_DIR=/data
WORKDIR /app
RUN mkdir -p /data && chown node:node /data
COPY --from=prod-deps /app/node_modules ./node_modules
COPY --from=build /app/build ./build
# server.ts and the modules it imports (server/start.ts, server/front.ts) run as TypeScript directly (Node 24 strips
# the types); server/app.ts is in the build.
COPY package.json server.ts ./
COPY server ./server
COPY app ./app
COPY db ./db
COPY scripts ./scripts
USER node
VOLUME ["/data"]
EXPOSE 3000
HEALTHCHECK --interval=15s --timeout=3s --start-period=30s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# Node is PID 1 and gets SIGTERM itself (graceful shutdown); the server applies pending migrations before it listens
# (under Kysely's migration lock, so replicas starting together apply them once).
CMD ["node", "server.ts"]

# syntax=docker/dockerfile:1
# One Node container; PostgreSQL via DATABASE_URL (or embedded PGlite in /data when absent).

FROM node:24-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund

FROM deps AS build
COPY . .
RUN npm run build

FROM node:24-bookworm-slim AS prod-deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force

FROM node:24-bookworm-slim
# A bounded heap: without it V8 on a large host collects lazily and RSS drifts up to several hundred MB.
ENV NODE_ENV=production \
    PORT=3000 \
    HOST=0.0.0.0 \
    DATA_DIR=/data \
    NODE_OPTIONS=--max-old-space-size=384
WORKDIR /app
RUN mkdir -p /data && chown node:node /data
COPY --from=prod-deps /app/node_modules ./node_modules
COPY --from=build /app/build ./build
# server.ts and the modules it imports run as TypeScript directly (Node ≥ 22.18 strips types).
COPY package.json server.ts ./
COPY app ./app
COPY db ./db
COPY scripts ./scripts
USER node
VOLUME ["/data"]
EXPOSE 3000
HEALTHCHECK --interval=15s --timeout=3s --start-period=30s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# Pending migrations first, then the server (which also checks them, so a second replica is safe).
CMD ["sh", "-c", "node db/migrate.ts && exec node server.ts"]

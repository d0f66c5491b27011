# syntax=docker/dockerfile:1
# Encore's production image (docs/deployment.md). The build stage runs the commands CI and
# `npm start` run (`npm ci`, `npm run build`); the runtime stage holds the build output, the files
# the server reads at run time and the production dependencies only, and runs as `node`.
# tests/deployment.test.ts makes a copy the way the runtime stage does and serves the shop from it.

FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

FROM node:20-bookworm-slim AS runtime
# DejaVu: the demo shop draws its product images with text (DEMO_DATA=true); slim has no fonts.
RUN apt-get update \
  && apt-get install -y --no-install-recommends fonts-dejavu-core \
  && rm -rf /var/lib/apt/lists/*
ENV NODE_ENV=production
# The serving process's settings (server/serving-process.json, decision 0034): read only as a
# process starts, so set here and in CMD.
ENV MALLOC_ARENA_MAX=2
ENV MALLOC_MMAP_THRESHOLD_=131072
ENV MALLOC_TRIM_THRESHOLD_=131072
WORKDIR /app
COPY package.json package-lock.json ./
# No production dependency has an install script (sharp ships prebuilt in @img/*).
RUN npm ci --omit=dev --ignore-scripts --no-audit --no-fund && npm cache clean --force
# What the server reads at run time: the bundle and the rendered app, the migrations it applies at
# start, and the legal pages every shop is given.
COPY --from=build /app/build ./build
COPY --from=build /app/server/db/migrations ./server/db/migrations
COPY --from=build /app/server/content/defaults ./server/content/defaults
# DATA_DIR (./data): the embedded database, local files and .eml mail when those are not elsewhere.
RUN mkdir data && chown node:node data
USER node
EXPOSE 3000
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/api/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "--max-semi-space-size=4", "build/server/main.js"]

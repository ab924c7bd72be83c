# Multi-stage image: build with the dev dependencies, run with the production ones only, as a non-root user.
# Node 24 LTS (docs/decisions/048); the build needs no compiler (docs/decisions/049).
FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
# No install scripts: the only dependency that compiles is libpq, under a dev-only test tool (the HTTP
# Observatory), and the build never loads it; esbuild, sharp and resvg come as prebuilt packages per platform.
RUN npm ci --no-audit --no-fund --ignore-scripts
COPY . .
# typescript stays after the prune as an optional peer of i18next, which never loads it at run time.
# Nor does Node load the packages' source maps, type declarations, TypeScript sources or Markdown
# (about 50 MB of the 132 MB of production node_modules). What runs is gathered in /out, copied in one layer.
RUN npm run build \
  && npm prune --omit=dev --ignore-scripts --no-audit --no-fund \
  && rm -rf node_modules/typescript node_modules/.bin/tsc node_modules/.bin/tsserver node_modules/.cache \
  && find node_modules -type f \( -name '*.map' -o -name '*.ts' -o -name '*.mts' -o -name '*.cts' -o -name '*.md' \) -delete \
  && mkdir /out && mv package.json node_modules dist public content /out/

FROM node:24-bookworm-slim
# MALLOC_ARENA_MAX=2: glibc keeps two malloc arenas, not one per thread (docs/decisions/029);
# MALLOC_MMAP_THRESHOLD_=1048576, MALLOC_TRIM_THRESHOLD_=8388608: blocks from 1 MB are mapped and given back
# when freed; smaller ones, such as a compressor's buffers for each answer, are reused, not faulted in again (decision 083).
# As npm start and PM2 do.
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    MALLOC_ARENA_MAX=2 \
    MALLOC_MMAP_THRESHOLD_=1048576 \
    MALLOC_TRIM_THRESHOLD_=8388608
WORKDIR /app
COPY --from=build --chown=node:node /out ./
USER node
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=3s --start-period=15s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"
# SIGTERM from `docker stop` drains in-flight requests (server/index.ts); the default 10 s grace suffices.
# V8 sized for a small resident memory at the same speed (docs/decisions/018, 077).
CMD ["node", "--enable-source-maps", "--max-semi-space-size=4", "--heap-growing-percent=50", "dist/server/index.js"]

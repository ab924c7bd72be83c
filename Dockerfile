# Multi-stage image: build with the dev dependencies, run with the production ones only, as a non-root user.
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build && npm prune --omit=dev

FROM node:20-bookworm-slim
# MALLOC_ARENA_MAX=2: glibc keeps two malloc arenas, not one per thread, as npm start and PM2 do (docs/decisions/029).
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    MALLOC_ARENA_MAX=2
WORKDIR /app
COPY --from=build --chown=node:node /app/package.json ./package.json
COPY --from=build --chown=node:node /app/node_modules ./node_modules
COPY --from=build --chown=node:node /app/dist ./dist
COPY --from=build --chown=node:node /app/public ./public
COPY --from=build --chown=node:node /app/content ./content
USER node
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=3s --start-period=15s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"
# SIGTERM from `docker stop` drains in-flight requests (server/index.ts); the default 10 s grace suffices.
# V8 sized for a small resident memory at the same speed (docs/decisions/018).
CMD ["node", "--enable-source-maps", "--max-semi-space-size=4", "--heap-growing-percent=50", "dist/server/index.js"]

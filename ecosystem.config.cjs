// PM2: one worker per core in cluster mode. Build first (`npm ci && npm run build`), then
// `npx pm2 start ecosystem.config.cjs`: the workers run on the Node of PM2's daemon, through npx the
// Node 24 that npm ci installed (docs/decisions/048). Each worker keeps its own in-memory caches, and
// its own slot of the shared CONTENT_CACHE_DIR (docs/decisions/050).
module.exports = {
  apps: [
    {
      name: 'portfolio-site',
      script: 'dist/server/index.js',
      // As in the Dockerfile and npm start: V8 sized for a small resident memory (docs/decisions/018, 077).
      node_args: '--enable-source-maps --max-semi-space-size=4 --heap-growing-percent=50',
      exec_mode: 'cluster',
      instances: 'max',
      env: {
        NODE_ENV: 'production',
        HOST: '127.0.0.1',
        PORT: '3000',
        SITE_URL: 'https://www.example.org/',
        TRUST_PROXY: 'loopback',
        // A process per core already: one article worker thread each, not one per core each (decision 027).
        WORKER_THREADS: '1',
        // As in the Dockerfile and npm start: two glibc malloc arenas, not one per thread (docs/decisions/029).
        MALLOC_ARENA_MAX: '2',
        // Blocks from 1 MB mapped on their own and given back when freed; smaller ones reused (decision 083).
        MALLOC_MMAP_THRESHOLD_: '1048576',
        MALLOC_TRIM_THRESHOLD_: '8388608',
      },
      // The server drains in-flight requests on SIGINT within 8 s; PM2 waits 10 s before SIGKILL.
      kill_timeout: 10_000,
      listen_timeout: 15_000,
      max_memory_restart: '400M',
      merge_logs: true,
    },
  ],
};

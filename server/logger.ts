// Structured JSON logs (pino); secrets never reach them. `npm run dev` writes them for people instead
// (server/dev/dev-logger.ts), through the destination.
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { pino, type DestinationStream, type Logger, type LevelWithSilent } from 'pino';
import { pinoHttp } from 'pino-http';
import { XSRF_HEADER } from '../shared/items/xsrf';

export function createLogger(level: LevelWithSilent, destination?: DestinationStream): Logger {
  const options = {
    level,
    redact: {
      paths: ['req.headers.cookie', 'req.headers.authorization', `req.headers["${XSRF_HEADER.toLowerCase()}"]`, 'res.headers["set-cookie"]'],
      censor: '[redacted]',
    },
  };
  return destination ? pino(options, destination) : pino(options);
}

/** The request id: the proxy's X-Request-Id when it looks like one, else a new UUID. */
function readRequestId(req: IncomingMessage): string {
  const incoming = req.headers['x-request-id'];
  return typeof incoming === 'string' && /^[\w.-]{1,64}$/.test(incoming) ? incoming : randomUUID();
}

const pathOf = (url: string | undefined) => (url ?? '').split('?')[0];

/** One line per request of the Express stack: id, method, path, status, duration. */
export function createRequestLogger(logger: Logger) {
  return pinoHttp({
    logger,
    genReqId: readRequestId,
    customLogLevel: (_req, res, error) => (error || res.statusCode >= 500 ? 'error' : res.statusCode >= 400 ? 'warn' : 'info'),
    serializers: {
      req: (req: { id: string; method: string; url: string }) => ({ id: req.id, method: req.method, path: pathOf(req.url) }),
      res: (res: { statusCode: number }) => ({ status: res.statusCode }),
    },
    customSuccessMessage: (req, res, time) => `${req.method} ${res.statusCode} ${Math.round(time)}ms`,
  });
}

/** The same line for an answer of the hot path (server/http/hot-path.ts), marked as a cache hit. */
export function logCachedHit(logger: Logger, req: IncomingMessage, res: ServerResponse): void {
  if (!logger.isLevelEnabled('info')) return;
  const started = process.hrtime.bigint();
  res.once('finish', () => {
    const duration = Math.round(Number(process.hrtime.bigint() - started) / 1e6);
    logger.info(
      {
        req: { id: readRequestId(req), method: req.method, path: pathOf(req.url) },
        res: { status: res.statusCode },
        responseTime: duration,
        responseCache: 'hit',
      },
      `${req.method} ${res.statusCode} ${duration}ms`,
    );
  });
}

// Structured JSON logs (pino); secrets never reach them.
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { pino, type Logger, type LevelWithSilent } from 'pino';
import { pinoHttp } from 'pino-http';

export function createLogger(level: LevelWithSilent): Logger {
  return pino({
    level,
    redact: { paths: ['req.headers.cookie', 'req.headers.authorization', 'req.headers["x-xsrf-token"]', 'res.headers["set-cookie"]'], censor: '[redacted]' },
  });
}

/** One line per request: id, method, path, status, duration. */
export function createRequestLogger(logger: Logger) {
  return pinoHttp({
    logger,
    genReqId: (req: IncomingMessage) => {
      const incoming = req.headers['x-request-id'];
      return typeof incoming === 'string' && /^[\w.-]{1,64}$/.test(incoming) ? incoming : randomUUID();
    },
    customLogLevel: (_req, res, error) => (error || res.statusCode >= 500 ? 'error' : res.statusCode >= 400 ? 'warn' : 'info'),
    serializers: {
      req: (req: { id: string; method: string; url: string }) => ({ id: req.id, method: req.method, path: req.url.split('?')[0] }),
      res: (res: { statusCode: number }) => ({ status: res.statusCode }),
    },
    customSuccessMessage: (req, res, time) => `${req.method} ${res.statusCode} ${Math.round(time)}ms`,
  });
}

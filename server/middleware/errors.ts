// The last handlers: a short 404 for what nothing else answered, and the one error handler.
import type { NextFunction, Request, Response } from 'express';
import { isBackendPath } from '../../shared/items/items-api';
import { readRequestTarget } from '../http/request-target';

const ERROR_PAGE = (status: number, title: string) =>
  `<!DOCTYPE html><html lang="fr"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title></head>` +
  `<body><h1>${title}</h1><p>Erreur ${status}. <a href="/">Retour à l’accueil</a></p></body></html>`;

function sendError(req: Request, res: Response, status: number, title: string, message: string): void {
  if (isBackendPath(req.originalUrl) || req.accepts(['html', 'json']) === 'json') {
    res.status(status).json({ error: title.toLowerCase().replace(/\W+/g, '_'), message });
  } else {
    res.status(status).type('html').send(ERROR_PAGE(status, title));
  }
}

/** A document (feed, Markdown twin, share card) whose articles cannot be read now: retry later, never a 500. */
export function sendArticlesUnavailable(res: Response): void {
  res
    .status(503)
    .set({ 'Retry-After': '30', 'Cache-Control': 'no-store' })
    .type('text/plain; charset=utf-8')
    .send('The articles are unavailable for the moment; retry later.\n');
}

/**
 * Another spelling of a resource (case, slashes, dot segments, escapes) or an old `?lang=` link: 301 to
 * the one form of it (request-target.ts), a path of this site. Any cache may keep the move.
 */
export function redirectToCanonical(req: Request, res: Response, next: NextFunction): void {
  const { redirectTo } = readRequestTarget(req);
  if (redirectTo && (req.method === 'GET' || req.method === 'HEAD')) {
    // No body: under /www-be/ as anywhere, a move is not a page.
    res.status(301).set({ Location: redirectTo, 'Cache-Control': 'public, max-age=86400' }).end();
    return;
  }
  next();
}

/** A path whose percent-encoding is not UTF-8 cannot name anything here: 400 before any handler. */
export function rejectMalformedPath(req: Request, res: Response, next: NextFunction): void {
  try {
    decodeURIComponent(req.path);
  } catch {
    sendError(req, res, 400, 'Bad Request', 'The request could not be understood.');
    return;
  }
  next();
}

export function notFound(req: Request, res: Response): void {
  sendError(req, res, 404, 'Not Found', 'Nothing here.');
}

/** Never leaks internals: the client gets a status and a short text, the log gets the error. */
export function errorHandler(error: unknown, req: Request, res: Response, _next: NextFunction): void {
  const status = (error as { status?: unknown; statusCode?: unknown }).status ?? (error as { statusCode?: unknown }).statusCode;
  const clientError = typeof status === 'number' && status >= 400 && status < 500;
  if (!clientError) req.log?.error({ err: error }, 'request failed');
  if (res.headersSent) {
    res.destroy();
    return;
  }
  if (clientError) sendError(req, res, status, status === 413 ? 'Payload Too Large' : 'Bad Request', 'The request could not be understood.');
  else sendError(req, res, 500, 'Internal Server Error', 'Something went wrong on our side.');
}

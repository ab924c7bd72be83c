// GET /cv.json: the CV as JSON Resume, built from the data the CV page renders (shared/site/json-resume.ts).
import type { Request, Response } from 'express';
import { DEFAULT_LANG, createTranslator } from '../../shared/i18n/i18n';
import { buildJsonResume } from '../../shared/site/json-resume';
import { readRequestTarget } from '../http/request-target';
import type { ResponseCache } from '../http/response-cache';
import type { RenderData } from './app-data';


export function createCvJsonHandler({ siteUrl, render, responseCache }: { siteUrl: string; render: RenderData; responseCache: ResponseCache }) {
  // The CV is written in French: its labels too.
  const { lang, translations } = render.appData[DEFAULT_LANG];
  const t = createTranslator(lang, translations);
  // Pure and constant for the life of the process: built once.
  const body = Buffer.from(JSON.stringify(buildJsonResume({ siteUrl, describeEnvironment: (env) => t('CV.ENVIRONMENT_LINE', { env }) }), null, 2));

  return async function sendCvJson(req: Request, res: Response): Promise<void> {
    res.set('Cache-Control', readRequestTarget(req).policy.cacheControl(0)).type('application/json');
    // Kept compressed in the response cache like the pages: the next asker gets these bytes as they are.
    await responseCache.send(req, res, 200, body);
  };
}

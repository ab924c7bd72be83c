// GET /cv.json: the CV as JSON Resume, built from the data the CV page renders (shared/site/json-resume.ts).
import type { Request, Response } from 'express';
import { DEFAULT_LANG, createTranslator } from '../../shared/i18n/i18n';
import { ItemsUnavailableError, type ItemsReader } from '../../shared/items/items-reader';
import { buildJsonResume } from '../../shared/site/json-resume';
import { readRequestTarget } from '../http/request-target';
import type { ResponseCache } from '../http/response-cache';
import type { SiteResources } from './site-resources';

export function createCvJsonHandler({
  siteUrl,
  site,
  responseCache,
  items,
  ttlSeconds,
}: {
  siteUrl: string;
  site: SiteResources;
  responseCache: ResponseCache;
  items: ItemsReader;
  ttlSeconds: number;
}) {
  // The CV is written in French: its labels too.
  const { lang, translations } = site.pageContexts[DEFAULT_LANG];
  const t = createTranslator(lang, translations);
  const describeEnvironment = (env: string) => t('CV.ENVIRONMENT_LINE', { env });
  // The articles are publications: without them for now (source down), the CV itself still answers.
  const readArticles = async () => {
    try {
      return await items.list('');
    } catch (error) {
      if (error instanceof ItemsUnavailableError) return [];
      throw error;
    }
  };

  return async function sendCvJson(req: Request, res: Response): Promise<void> {
    const articles = await readArticles();
    const body = Buffer.from(JSON.stringify(buildJsonResume({ siteUrl, describeEnvironment, articles }), null, 2));
    res.set('Cache-Control', readRequestTarget(req).policy.cacheControl(ttlSeconds)).type('application/json');
    // Kept compressed in the response cache like the pages: the next asker gets these bytes as they are.
    await responseCache.send(req, res, 200, body);
  };
}

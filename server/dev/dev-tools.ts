// `npm run dev` only (decision 045): imported by server/index.ts behind the __SITE_DEV__ constant, which
// the production build sets to false, so none of this is in dist/ (no route, no watcher, no script in
// the pages or the CSP). It tells open pages to reload when the content, public/ or the translations
// change, reloads what the server read at start from those, and shows content problems on the page.
import express, { type Express, type Request, type Response } from 'express';
import { watch, type FSWatcher } from 'node:fs';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { Logger } from 'pino';
import { LANGS } from '../../shared/i18n/langs';
import type { ItemsSource } from '../items/source';
import { loadAboutText } from '../owner/about-text';
import { readTranslations, type SiteResources } from '../render/site-resources';
import { buildDevClientScript, DEV_EVENTS_PATH } from './dev-client';

/** A content problem as the overlay shows it; line and column when the source knows them. */
interface ShownProblem {
  file: string;
  line?: number;
  column?: number;
  message: string;
}

/** What createApp hands over: the caches to empty and the resources to reload. */
export interface DevAttachment {
  app: Express;
  site: SiteResources;
  source: ItemsSource & { problems?: () => ShownProblem[] };
  responseCache: { clear(): void };
  itemsCache: { clear(): void };
  reloadImages: () => void;
}

export interface DevTools {
  /** Puts the reload script in every page; before the policy headers are made, which allow it by its hash. */
  addScript(site: DevAttachment['site']): void;
  attach(parts: DevAttachment): void;
  close(): void;
}

// Editors write a file in several steps (truncate, write, rename): one reload for the lot.
const SETTLE_MS = 40;
const PROBLEMS_POLL_MS = 200;

export function createDevTools({ rootDir, contentDir, logger }: { rootDir: string; contentDir: string; logger: Logger }): DevTools {
  const boot = randomUUID();
  const clients = new Set<Response>();
  const watchers: FSWatcher[] = [];
  const timers: NodeJS.Timeout[] = [];
  let shownProblems = '[]';
  /** Reloads sent so far: a page that connects after one it missed reloads itself. */
  let generation = 0;

  const send = (event: string, data: unknown) => {
    const frame = `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
    for (const client of clients) client.write(frame);
  };

  return {
    addScript(site) {
      const script = buildDevClientScript();
      site.inlineScripts.push(script);
      for (const lang of LANGS) site.pageContexts[lang].devScript = script;
    },
    attach({ app, site, source, responseCache, itemsCache, reloadImages }) {
      const readProblems = (): ShownProblem[] =>
        (source.problems?.() ?? []).map(({ file, line, column, message }) => ({
          file,
          ...(line && { line }),
          ...(column && { column }),
          // The message may start with the file, already shown.
          message: message.startsWith(`${file}: `) ? message.slice(file.length + 2) : message,
        }));
      shownProblems = JSON.stringify(readProblems());

      const router = express.Router();
      router.get(DEV_EVENTS_PATH, (req: Request, res: Response) => {
        res.writeHead(200, { 'Content-Type': 'text/event-stream; charset=utf-8', 'Cache-Control': 'no-store', Connection: 'keep-alive' });
        // Reconnect at once after a restart (tried every 25 ms while the port is free), not after the browser's default 3 s.
        res.write(`retry: 25\n\n`);
        res.write(`event: hello\ndata: ${JSON.stringify({ boot, generation, problems: JSON.parse(shownProblems) as unknown })}\n\n`);
        clients.add(res);
        req.on('close', () => clients.delete(res));
      });
      app.use(router);

      let pending: NodeJS.Timeout | undefined;
      const reload = (why: string) => {
        clearTimeout(pending);
        pending = setTimeout(() => {
          responseCache.clear();
          logger.info({ why, pages: clients.size }, 'dev: reloading the open pages');
          generation += 1;
          send('reload', { why, generation });
        }, SETTLE_MS);
      };

      source.onChange(() => reload('content'));
      // A file that breaks without changing the articles (a new file with an error) changes only the problems.
      timers.push(
        setInterval(() => {
          const now = JSON.stringify(readProblems());
          if (now === shownProblems) return;
          shownProblems = now;
          send('problems', JSON.parse(now));
        }, PROBLEMS_POLL_MS),
      );

      const onPublicChange = async (name: string) => {
        const file = name.split(path.sep).join('/');
        try {
          if (file.startsWith('assets/i18n/') && file.endsWith('.json')) {
            for (const lang of LANGS) site.pageContexts[lang].translations = await readTranslations(rootDir, lang);
          } else if (file.startsWith('images/')) {
            reloadImages();
            itemsCache.clear();
          }
        } catch (error) {
          logger.warn({ err: error, file }, 'dev: cannot reload, keeping the last version');
          return;
        }
        reload(`public/${file}`);
      };
      const onPageChange = async () => {
        for (const lang of LANGS) {
          const about = await loadAboutText(contentDir, lang).catch(() => undefined);
          if (about) site.pageContexts[lang].about = about;
          else delete site.pageContexts[lang].about;
        }
        reload('content/pages');
      };
      // One change at a time, in the order seen: reads of the same file (an editor's truncate, then its
      // write) could otherwise end out of order, the older text last.
      let changes = Promise.resolve();
      const inTurn = (work: () => Promise<void>) => {
        changes = changes.then(work).catch((error: unknown) => logger.warn({ err: error }, 'dev: cannot reload, keeping the last version'));
      };
      watchFolder(path.join(rootDir, 'public'), true, (name) => inTurn(() => onPublicChange(name)));
      watchFolder(path.join(contentDir, 'pages'), false, () => inTurn(onPageChange));
    },
    close() {
      for (const watcher of watchers) watcher.close();
      for (const timer of timers) clearInterval(timer);
      for (const client of clients) client.end();
    },
  };

  function watchFolder(dir: string, recursive: boolean, onChange: (name: string) => void) {
    try {
      watchers.push(watch(dir, { recursive }, (_event, name) => name && onChange(String(name))));
    } catch (error) {
      logger.debug({ err: error, dir }, 'dev: folder not watched');
    }
  }
}

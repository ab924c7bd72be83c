// `npm run dev`'s server side (decision 045): open pages hear when to reload, the server reloads what it
// read at start (translations, About text, image catalog), content problems reach the page; and none
// of it exists in the production app or bundle.
import * as cheerio from 'cheerio';
import { createHash } from 'node:crypto';
import { cp, readFile, rm, writeFile } from 'node:fs/promises';
import { get as httpGet, type IncomingMessage } from 'node:http';
import path from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildDevClientScript, DEV_EVENTS_PATH, DEV_OVERLAY_ID } from '../../../server/dev/dev-client';
import { FIXTURE_CONTENT_DIR } from '../../support/fixtures';
import { startDevApp, type DevApp } from '../../support/dev-app';
import { createTestApp, rootDir } from '../../support/test-app';

const EVENT_TIMEOUT_MS = 8_000;

/** One open event stream: the events received so far, and a wait for the next of a kind. */
interface EventStream {
  events: { event: string; data: unknown }[];
  next(event: string): Promise<unknown>;
  close(): void;
}

function openEvents(origin: string): Promise<EventStream> {
  return new Promise((resolve, reject) => {
    const events: EventStream['events'] = [];
    // Events before the cursor were handed out already.
    let cursor = 0;
    let waiting: { event: string; done: (data: unknown) => void } | undefined;
    const serve = () => {
      if (!waiting) return;
      const index = events.findIndex((item, at) => at >= cursor && item.event === waiting!.event);
      if (index < 0) return;
      cursor = index + 1;
      const { done } = waiting;
      waiting = undefined;
      done(events[index]!.data);
    };
    const req = httpGet(`${origin}${DEV_EVENTS_PATH}`, (res: IncomingMessage) => {
      res.setEncoding('utf8');
      let buffer = '';
      res.on('data', (chunk: string) => {
        buffer += chunk;
        let end;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const frame = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const event = /^event: (.*)$/m.exec(frame)?.[1];
          const data = /^data: (.*)$/m.exec(frame)?.[1];
          if (event && data !== undefined) events.push({ event, data: JSON.parse(data) as unknown });
        }
        serve();
      });
      resolve({
        events,
        next: (event) =>
          new Promise((done, fail) => {
            const timer = setTimeout(() => fail(new Error(`no "${event}" event in ${EVENT_TIMEOUT_MS} ms`)), EVENT_TIMEOUT_MS);
            waiting = {
              event,
              done: (data) => {
                clearTimeout(timer);
                done(data);
              },
            };
            serve();
          }),
        close: () => req.destroy(),
      });
    });
    req.on('error', reject);
  });
}

/**
 * The reload an edit causes, named by its `why` (the file or folder that changed): a reload left over
 * from an earlier test's edit (a removed article, debounced) may reach a stream opened after it.
 */
async function nextReload(events: EventStream, why: string): Promise<void> {
  for (;;) {
    const data = (await events.next('reload')) as { why: string };
    if (data.why === why) return;
  }
}

let dev: DevApp;
let projectDir: string;
let contentDir: string;
let origin: string;

beforeAll(async () => {
  dev = await startDevApp();
  ({ projectDir, contentDir, origin } = dev);
});

afterAll(() => dev?.close());

const page = async (url: string) => cheerio.load((await request(origin).get(url).expect(200)).text);

describe('npm run dev, server side', () => {
  it('puts the reload script in every page, allowed by its hash in the CSP, and greets a page with the boot id and no problem', async () => {
    const response = await request(origin).get('/help/about').expect(200);
    const script = cheerio.load(response.text)('body > script:not([src])').last().text();
    expect(script).toContain(DEV_EVENTS_PATH);
    const hash = createHash('sha256').update(script).digest('base64');
    expect(response.headers['content-security-policy']).toContain(`'sha256-${hash}'`);
    const events = await openEvents(origin);
    try {
      const hello = (await events.next('hello')) as { boot: string; problems: unknown[] };
      expect(hello.boot).toMatch(/^[\w-]{36}$/);
      expect(hello.problems).toEqual([]);
    } finally {
      events.close();
    }
  });

  it('tells the page to reload when an article changes, and the page then shows the edit', async () => {
    const events = await openEvents(origin);
    try {
      await events.next('hello');
      await page('/articles/equipe-revues');
      const file = path.join(contentDir, 'articles', 'equipe-revues.md');
      await writeFile(file, (await readFile(file, 'utf8')) + '\nUne phrase ajoutée en direct.\n');
      await nextReload(events, 'content');
      expect((await page('/articles/equipe-revues'))('main').text()).toContain('Une phrase ajoutée en direct.');
    } finally {
      events.close();
    }
  });

  it('sends a broken article’s problem, naming the file and the field, then none once fixed', async () => {
    const events = await openEvents(origin);
    try {
      await events.next('hello');
      const file = path.join(contentDir, 'articles', 'casse.md');
      await writeFile(file, '---\nid: casse\ntitle: Cassé\ndate: pas-une-date\nlanguage: fr\ntags: [a]\nsummary: Court.\n---\nTexte.\n');
      const problems = (await events.next('problems')) as { file: string; message: string }[];
      expect(problems).toHaveLength(1);
      expect(problems[0]!.file).toMatch(/casse\.md$/);
      expect(problems[0]!.message).toMatch(/^date: /);
      await rm(file);
      expect(await events.next('problems')).toEqual([]);
    } finally {
      events.close();
    }
  });

  it('reloads the translations and the About Markdown without a restart', async () => {
    const events = await openEvents(origin);
    try {
      await events.next('hello');
      const frFile = path.join(projectDir, 'public', 'assets', 'i18n', 'fr.json');
      const fr = JSON.parse(await readFile(frFile, 'utf8')) as { MENU: Record<string, string> };
      fr.MENU.ABOUT = 'À propos (modifié)';
      await writeFile(frFile, JSON.stringify(fr));
      await nextReload(events, 'public/assets/i18n/fr.json');
      expect((await page('/help/about'))('nav a[href="/help/about"]').text()).toBe('À propos (modifié)');

      await writeFile(path.join(contentDir, 'pages', 'about.md'), 'Un texte **neuf**.\n');
      await nextReload(events, 'content/pages');
      expect((await page('/help/about'))('[data-testid="about-owner"] strong').text()).toBe('neuf');
    } finally {
      events.close();
    }
  });

  it('gives a new image its resized copies without a restart', async () => {
    const events = await openEvents(origin);
    try {
      await events.next('hello');
      await request(origin).get('/images/nouvelle.192w.avif').expect(404);
      await cp(path.join(projectDir, 'public', 'images', 'photo-384.png'), path.join(projectDir, 'public', 'images', 'nouvelle.png'));
      await nextReload(events, 'public/images/nouvelle.png');
      const avif = await request(origin).get('/images/nouvelle.192w.avif').expect(200);
      expect(avif.headers['content-type']).toBe('image/avif');
    } finally {
      events.close();
    }
  });
});

describe('outside npm run dev', () => {
  it('has no event stream, no reload script and no extra CSP hash in the app', async () => {
    const app = await createTestApp({ CONTENT_DIR: FIXTURE_CONTENT_DIR });
    try {
      // An unknown path: the CV, as for any other.
      const events = await request(app.app).get(DEV_EVENTS_PATH);
      expect(events.headers['content-type'] ?? '').not.toContain('event-stream');
      const response = await request(app.app).get('/help/about').expect(200);
      expect(response.text).not.toContain(DEV_EVENTS_PATH);
      expect(response.text).not.toContain(DEV_OVERLAY_ID);
      const devHash = createHash('sha256').update(buildDevClientScript()).digest('base64');
      expect(response.headers['content-security-policy']).not.toContain(devHash);
    } finally {
      await app.close();
    }
  });

  it('leaves the dev code out of the production server bundle', async () => {
    const bundle = await readFile(path.join(rootDir, 'dist', 'server', 'index.js'), 'utf8');
    for (const trace of [DEV_EVENTS_PATH, DEV_OVERLAY_ID, 'pino-pretty', 'EventSource', 'createDevTools']) expect(bundle, trace).not.toContain(trace);
  });
});

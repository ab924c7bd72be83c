// The image bytes a browser fetches on the CV page and on an article with a raster diagram, before
// (the files as they are) and after (the responsive copies it would pick), on a desktop at 1x and a
// phone at 2x. Writes bench/results/images.md. Run: node tests/support/run-ts.mjs bench/image-weight.ts
import * as cheerio from 'cheerio';
import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import sharp from 'sharp';
import request from 'supertest';
import { createApp } from '../server/app';
import { loadConfig } from '../server/config';
import { createItemsSource } from '../server/items';
import { loadSiteResources } from '../server/render/site-resources';
import { loadHashedAssets } from '../server/static/hashed-assets';

const root = process.cwd();
const work = await mkdtemp(path.join(os.tmpdir(), 'image-weight-'));
// A typical article: the sample JVM article with its memory diagram exported as a 1600 px PNG, as an
// author would paste a diagram or a screenshot.
await cp(path.join(root, 'public'), path.join(work, 'public'), { recursive: true });
await sharp(path.join(root, 'public/images/articles/jvm-memoire-conteneurs-nmt.svg'), { density: 300 })
  .resize({ width: 1600 })
  .png()
  .toFile(path.join(work, 'public/images/articles/jvm-nmt.png'));
await mkdir(path.join(work, 'content/articles'), { recursive: true });
const source = await readFile(path.join(root, 'content/articles/jvm-memoire-conteneurs.md'), 'utf8');
await writeFile(
  path.join(work, 'content/articles/jvm-memoire-conteneurs.md'),
  source.replace('## La JVM et les cgroups', '![Mémoire native de la JVM](/images/articles/jvm-nmt.png)\n\n## La JVM et les cgroups'),
);

const config = loadConfig({ CONTENT_DIR: path.join(work, 'content'), IMAGE_CACHE_DIR: path.join(work, 'cache'), LOG_LEVEL: 'silent' }, root);
const logger = pino({ level: 'silent' });
const items = await createItemsSource(config, logger, { watchFiles: false });
const [site, assets] = await Promise.all([loadSiteResources(root, config.siteUrl), loadHashedAssets(path.join(root, 'dist/public/assets'))]);
const app = createApp({ config, logger, source: items, site, rootDir: work, assets });

async function weigh(url: string): Promise<number> {
  const response = await request(app)
    .get(url)
    .buffer(true)
    .parse((res, done) => {
      let bytes = 0;
      res.on('data', (chunk: Buffer) => (bytes += chunk.length));
      res.on('end', () => done(null, bytes));
    });
  if (response.status !== 200) throw new Error(`${url}: ${response.status}`);
  return response.body as number;
}

/** The srcset candidate a browser takes for a slot of `slot` CSS px at `dpr`: the smallest wide enough. */
function pick(srcset: string, slot: number, dpr: number): string {
  const candidates = srcset.split(',').map((entry) => entry.trim().split(/\s+/) as [string, string]);
  if (candidates.every(([, descriptor]) => descriptor.endsWith('x'))) return (candidates.find(([, d]) => Number.parseFloat(d) >= dpr) ?? candidates.at(-1)!)[0];
  const sorted = candidates.map(([url, d]) => [url, Number.parseInt(d, 10)] as const).sort((a, b) => a[1] - b[1]);
  return (sorted.find(([, width]) => width >= slot * dpr) ?? sorted.at(-1)!)[0];
}

interface Device {
  name: string;
  viewport: number;
  dpr: number;
}
const devices: Device[] = [
  { name: 'desktop 1366 px, 1x', viewport: 1366, dpr: 1 },
  { name: 'phone 375 px, 2x', viewport: 375, dpr: 2 },
];

const rows: string[] = [];
for (const device of devices) {
  // CV photo: 192 px from 576 px up, 96 px below.
  const photoSlot = device.viewport >= 576 ? 192 : 96;
  const cv = cheerio.load((await request(app).get('/architecte-logiciel-freelance-java-spring-angular')).text);
  const legacy = cv(`.cv-header picture source:not([type])`).attr('srcset')!;
  const before = device.viewport >= 576 ? pick(legacy, photoSlot, device.dpr) : pick(cv('.cv-header img').attr('srcset')!, photoSlot, device.dpr);
  const avif = cv(`.cv-header picture source[type="image/avif"]${device.viewport >= 576 ? '[media]' : ':not([media])'}`).attr('srcset')!;
  const after = pick(avif, photoSlot, device.dpr);
  rows.push(`| CV photo | ${device.name} | ${before} | ${await weigh(before)} | ${after.split('?')[0]} | ${await weigh(after)} |`);

  // Article diagram: the body column is about 1000 px on a desktop, the screen width less padding on a phone.
  const article = cheerio.load((await request(app).get('/articles/jvm-memoire-conteneurs')).text);
  const slot = device.viewport >= 1400 ? 1000 : device.viewport >= 992 ? device.viewport - 352 : device.viewport - 24;
  const diagram = pick(article('.article-body picture source[type="image/avif"]').attr('srcset')!, slot, device.dpr);
  rows.push(
    `| article diagram | ${device.name} | /images/articles/jvm-nmt.png | ${await weigh('/images/articles/jvm-nmt.png')} | ${diagram.split('?')[0]} | ${await weigh(diagram)} |`,
  );
}

const report = [
  '# Image weight: before and after responsive images',
  '',
  '`node tests/support/run-ts.mjs bench/image-weight.ts` (needs `npm run build`). Bytes a browser downloads for each image,',
  'before (the file as it was served) and after (the AVIF copy it picks from `srcset`/`sizes`). The article is the sample',
  '`jvm-memoire-conteneurs` with its memory diagram exported as a 1600 px PNG in its body.',
  '',
  '| image | device | before | bytes | after | bytes |',
  '|---|---|---|---:|---|---:|',
  ...rows,
  '',
].join('\n');
await mkdir(path.join(root, 'bench/results'), { recursive: true });
await writeFile(path.join(root, 'bench/results/images.md'), report);
console.log(report);
await items.close();
await rm(work, { recursive: true, force: true });

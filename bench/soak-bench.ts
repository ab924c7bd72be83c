// npm run bench (part 3): memory over time. The built server, with npm start's Node flags, on a copy
// of the sample content:
//   soak — SOAK_SECONDS (default 600) of a steady mix of pages, distinct searches, the items API,
//     feeds and misses, one content edit a minute, RSS read every 30 s: growth after warm-up < 10 %;
//   (i) rows 10 of issue 13 — 1,500 distinct page searches fired within 12 s, 500 at a time, with
//     hostile requests among them: peak RSS ≤ 250 MB;
//   (ii) row 14 — an upstream items service of 10,000 articles that answers every search with all of
//     them, 18 page and 18 API searches at once, then page views: peak RSS ≤ 400 MB.
// Everything listens on and sends to 127.0.0.0/8 only; every loop stops at a deadline.
// Report: bench/results/soak.md and soak.json.
import { cp, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { Agent, createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import matter from 'gray-matter';
import MarkdownIt from 'markdown-it';
import { loadConfig } from '../server/config';
import { npmStartCommand } from '../tests/support/npm-start';
import { startServer as startBuiltServer, type ServerProcess } from '../tests/support/server-process';
import { generateArticleText } from './generate-articles';
import { percentile, writeReport } from './report';

const ROOT = process.cwd();
const SOAK_SECONDS = Number(process.env.SOAK_SECONDS ?? 600);
// A short run (SOAK_SECONDS=60) keeps a dozen samples, a warm-up and one edit.
const SAMPLE_SECONDS = SOAK_SECONDS >= 300 ? 30 : Math.max(5, Math.round(SOAK_SECONDS / 12));
const WARM_UP_SECONDS = Math.min(60, 2 * SAMPLE_SECONDS);
const EDIT_EVERY_SECONDS = Math.min(60, Math.max(10, Math.floor(SOAK_SECONDS / 2)));
/** Requests a second over the whole soak, from WORKERS visitors, each with its own loopback address. */
const SOAK_RATE = Number(process.env.SOAK_RATE ?? 40);
const WORKERS = 12;
const GROWTH_TARGET = 0.1;
const FLOOD_SEARCHES = 1_500;
const FLOOD_SECONDS = 12;
const FLOOD_CONCURRENCY = 500;
const FLOOD_PEAK_TARGET_MB = 250;
const UPSTREAM_ITEMS = 10_000;
const UPSTREAM_SEARCHES = 18;
const UPSTREAM_PEAK_TARGET_MB = 400;
const REQUEST_TIMEOUT_MS = 30_000;
// Exactly as npm start runs it (package.json): the variables it sets and its Node flags, the same as
// the Dockerfile's and PM2's (tests/unit/server/ecosystem-config.test.ts).
const NPM_START = npmStartCommand(ROOT);
const SERVER_ARGS = NPM_START.args;
/** The server's own defaults, as the report states them. */
const DEFAULTS = loadConfig({}, ROOT);

// A fixed seed: every run sends the same requests in the same order.
let seed = 20_261_124;
function random(): number {
  seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
  return seed / 2 ** 31;
}
const choose = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

interface Answer {
  status: number;
  body: string;
  ms: number;
}

interface SendOptions {
  agent?: Agent | false;
  localAddress?: string;
  method?: string;
  headers?: Record<string, string>;
  body?: Buffer;
}

/** One request to the server on 127.0.0.1; a network error or a timeout is an answer with status 0. */
function send(port: number, urlPath: string, options: SendOptions = {}): Promise<Answer & { error?: string }> {
  const started = performance.now();
  return new Promise((resolve) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        path: urlPath,
        method: options.method ?? 'GET',
        agent: options.agent,
        localAddress: options.localAddress,
        headers: { 'accept-encoding': 'identity', ...options.headers },
        timeout: REQUEST_TIMEOUT_MS,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString(), ms: performance.now() - started }));
        res.on('error', (error) =>
          resolve({ status: 0, body: '', ms: performance.now() - started, error: (error as NodeJS.ErrnoException).code ?? error.message }),
        );
      },
    );
    req.on('timeout', () => req.destroy(Object.assign(new Error('timeout'), { code: 'TIMEOUT' })));
    req.on('error', (error) =>
      resolve({ status: 0, body: '', ms: performance.now() - started, error: (error as NodeJS.ErrnoException).code ?? error.message }),
    );
    req.end(options.body);
  });
}

async function readStatusMb(pid: number, field: 'VmRSS' | 'VmHWM'): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)?.[1] ?? Number.NaN) / 1024;
}

/** The built server as npm start runs it, once /readyz answers. */
function startServer(env: Record<string, string>): Promise<ServerProcess> {
  return startBuiltServer(
    { ...NPM_START.env, NODE_ENV: 'production', LOG_LEVEL: 'warn', ...env },
    { args: SERVER_ARGS, ready: '/readyz', timeoutMs: 120_000, stderr: 'inherit' },
  );
}

async function stopServer(server: ServerProcess): Promise<void> {
  await server.stop(10_000);
}

/** Status codes (or network error codes) by kind of request, and each kind's latencies. */
class Tally {
  readonly counts = new Map<string, Map<string, number>>();
  readonly latencies = new Map<string, number[]>();

  add(kind: string, answer: Answer & { error?: string }): void {
    const key = answer.status === 0 ? `error ${answer.error ?? '?'}` : String(answer.status);
    const byStatus = this.counts.get(kind) ?? new Map<string, number>();
    byStatus.set(key, (byStatus.get(key) ?? 0) + 1);
    this.counts.set(kind, byStatus);
    const list = this.latencies.get(kind) ?? [];
    list.push(answer.ms);
    this.latencies.set(kind, list);
  }

  total(match: (status: string) => boolean = () => true): number {
    let sum = 0;
    for (const byStatus of this.counts.values()) for (const [status, count] of byStatus) if (match(status)) sum += count;
    return sum;
  }

  describe(): string {
    return [...this.counts]
      .map(([kind, byStatus]) => {
        const statuses = [...byStatus].sort(([a], [b]) => a.localeCompare(b)).map(([status, count]) => `${status}: ${count.toLocaleString('en')}`);
        const ms = this.latencies.get(kind) ?? [];
        return `${kind} — ${statuses.join(', ')} (p50 ${percentile(ms, 50).toFixed(1)} ms, p99 ${percentile(ms, 99).toFixed(0)} ms)`;
      })
      .join('; ');
  }
}

const is5xx = (status: string) => status.startsWith('5');
const isError = (status: string) => status.startsWith('error');

/** What the sample content offers to ask for: ids, tags, and words of its bodies for searches. */
interface Catalog {
  ids: string[];
  files: Map<string, string>;
  tags: string[];
  words: string[];
}

async function readCatalog(contentDir: string): Promise<Catalog> {
  const files = new Map<string, string>();
  const tags = new Set<string>();
  const words = new Set<string>();
  for (const name of (await readdir(path.join(contentDir, 'articles'))).filter((file) => file.endsWith('.md')).sort()) {
    const parsed = matter(await readFile(path.join(contentDir, 'articles', name), 'utf8'));
    files.set(String(parsed.data.id), name);
    for (const tag of (parsed.data.tags as string[] | undefined) ?? []) tags.add(tag);
    for (const word of parsed.content.toLowerCase().match(/\p{L}{4,}/gu) ?? []) words.add(word);
  }
  return { ids: [...files.keys()], files, tags: [...tags], words: [...words].sort() };
}

let searchCount = 0;
const asked = new Set<string>();
/** A search no one asked before in this run: two words of the content, sometimes a prefix or date order. */
function composeSearch(catalog: Catalog): string {
  searchCount += 1;
  // Prefixes run out over a long run: past a few tries, three words, which do not; bounded all the same.
  for (let attempt = 0; ; attempt += 1) {
    const first = choose(catalog.words);
    const text =
      attempt < 5 && searchCount % 5 === 0
        ? first.slice(0, 4)
        : attempt < 20
          ? `${first} ${choose(catalog.words)}`
          : `${first} ${choose(catalog.words)} ${choose(catalog.words)}`;
    const query = `f=${encodeURIComponent(text)}${searchCount % 7 === 0 ? '&sort=date' : ''}`;
    if (asked.has(query) && attempt < 1_000) continue;
    asked.add(query);
    return query;
  }
}

let missCount = 0;
/** One request of the soak's mix, with its kind. */
function composeRequest(catalog: Catalog): { kind: string; path: string } {
  const roll = random();
  const id = choose(catalog.ids);
  const tag = encodeURIComponent(choose(catalog.tags));
  if (roll < 0.4) {
    const pages = [
      '/',
      '/articles',
      '/en/articles',
      `/articles/${id}`,
      `/en/articles/${id}`,
      `/articles/${id}`,
      '/help/about',
      '/en/help/about',
      '/architecte-logiciel-freelance-java-spring-angular',
      '/tags',
      `/tags/${tag}`,
      `/articles/${id}.md`,
      '/cv.json',
      '/sitemap.xml',
      '/llms.txt',
    ];
    return { kind: 'pages', path: choose(pages) };
  }
  if (roll < 0.55) return { kind: 'page searches', path: `${random() < 0.7 ? '' : '/en'}/articles?${composeSearch(catalog)}` };
  if (roll < 0.75) {
    const api = [
      '/www-be/items/v1.0/items?s=-date_m',
      `/www-be/items/v1.0/items/${id}`,
      `/www-be/items/v1.0/search?${composeSearch(catalog)}`,
      `/www-be/items/v1.0/items?s=-date_m&${composeSearch(catalog)}`,
    ];
    return { kind: 'items API', path: choose(api) };
  }
  if (roll < 0.85) return { kind: 'feeds', path: choose(['/rss.xml', '/atom.xml', `/tags/${tag}/rss.xml`, `/tags/${tag}/atom.xml`]) };
  missCount += 1;
  const misses = [
    `/articles/absent-${missCount}`,
    `/www-be/items/v1.0/items/absent-${missCount}`,
    `/en/articles/absent-${missCount}`,
    `/tags/absent-${missCount}`,
  ];
  return { kind: 'misses', path: choose(misses) };
}

interface Sample {
  seconds: number;
  rssMb: number;
  peakMb: number;
  requests: number;
  limited: number;
  failed: number;
}

/** The soak: a steady mix at SOAK_RATE, one edit every EDIT_EVERY_SECONDS, RSS every SAMPLE_SECONDS. */
async function runSoak(contentDir: string, catalog: Catalog, work: string) {
  const server = await startServer({
    CONTENT_DIR: contentDir,
    CONTENT_CACHE_DIR: path.join(work, 'soak-cache'),
    IMAGE_CACHE_DIR: path.join(work, 'soak-images'),
  });
  const pid = server.child.pid!;
  const tally = new Tally();
  const samples: Sample[] = [];
  const edits: { id: string; shownAfterSeconds: number }[] = [];
  const started = performance.now();
  const end = started + SOAK_SECONDS * 1000;
  const elapsed = () => (performance.now() - started) / 1000;
  const takeSample = async () =>
    samples.push({
      seconds: Math.round(elapsed()),
      rssMb: await readStatusMb(pid, 'VmRSS'),
      peakMb: await readStatusMb(pid, 'VmHWM'),
      requests: tally.total(),
      limited: tally.total((status) => status === '429'),
      failed: tally.total((status) => is5xx(status) || isError(status)),
    });
  await takeSample();

  let issued = 0;
  // Each visitor keeps its connections, from its own loopback address: the per-client rate limit sees 12 clients.
  const visit = async (worker: number) => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const localAddress = `127.0.0.${10 + worker}`;
    while (performance.now() < end) {
      const due = started + (issued * 1000) / SOAK_RATE;
      issued += 1;
      await sleep(due - performance.now());
      if (performance.now() >= end) break;
      const { kind, path: urlPath } = composeRequest(catalog);
      tally.add(kind, await send(server.port, urlPath, { agent, localAddress, headers: { 'accept-encoding': 'br, gzip' } }));
    }
    agent.destroy();
  };
  const sampling = (async () => {
    for (let at = 1; started + at * SAMPLE_SECONDS * 1000 <= end + 500; at += 1) {
      await sleep(started + at * SAMPLE_SECONDS * 1000 - performance.now());
      await takeSample();
    }
  })();
  const editing = (async () => {
    for (let at = 1; started + at * EDIT_EVERY_SECONDS * 1000 < end; at += 1) {
      await sleep(started + at * EDIT_EVERY_SECONDS * 1000 - performance.now());
      // A body edit, as an author makes: a new last paragraph in one article, another each minute.
      const id = catalog.ids[(at * 7) % catalog.ids.length]!;
      const file = path.join(contentDir, 'articles', catalog.files.get(id)!);
      const marker = `Révision ${at} du banc d'endurance.`;
      const original = (await readFile(file, 'utf8')).replace(/\n\nRévision \d+ du banc d'endurance\.\n$/, '\n');
      const editedAt = performance.now();
      await writeFile(file, `${original.replace(/\n*$/, '')}\n\n${marker}\n`);
      let shownAfterSeconds = Number.NaN;
      while (Number.isNaN(shownAfterSeconds) && performance.now() - editedAt < 20_000 && performance.now() < end) {
        const answer = await send(server.port, `/articles/${id}.md`, { localAddress: '127.0.0.2' });
        if (answer.body.includes(marker)) shownAfterSeconds = (performance.now() - editedAt) / 1000;
        else await sleep(250);
      }
      edits.push({ id, shownAfterSeconds });
    }
  })();
  await Promise.all([...Array.from({ length: WORKERS }, (_, worker) => visit(worker)), sampling, editing]);
  await stopServer(server);
  return { samples, tally, edits, seconds: elapsed() };
}

/** Requests no visitor sends: oversized URL and headers, traversal, broken encoding, huge parameters, a large body. */
function composeHostileRequests(): { path: string; options: SendOptions }[] {
  const list: { path: string; options: SendOptions }[] = [
    { path: `/articles?f=${'a'.repeat(100_000)}`, options: {} },
    { path: '/articles', options: { headers: { 'x-padding': 'b'.repeat(100_000) } } },
    { path: '/articles/..%2F..%2F..%2Fetc%2Fpasswd', options: {} },
    { path: '/%2e%2e/%2e%2e/etc/passwd', options: {} },
    { path: '/articles/%ff%fe%00', options: {} },
    { path: '/articles?page=99999999999999999999', options: {} },
    { path: `/articles?${Array.from({ length: 1_000 }, (_, at) => `f=${at}`).join('&')}`, options: {} },
    { path: `/articles?f=${encodeURIComponent('<script>alert(1)</script>'.repeat(20))}`, options: {} },
    { path: `/articles?f=${encodeURIComponent('.*'.repeat(2_000))}`, options: {} },
    { path: `/www-be/items/v1.0/items?s=${'x'.repeat(5_000)}`, options: {} },
    { path: `/www-be/items/v1.0/search?f=${encodeURIComponent('"'.repeat(3_000))}&page=-1`, options: {} },
    { path: '/www-be/items/v1.0/items', options: { method: 'POST', headers: { 'content-type': 'application/json' }, body: Buffer.alloc(1024 * 1024, 0x20) } },
    { path: `/articles/${encodeURIComponent('é'.repeat(2_000))}`, options: {} },
    { path: `/tags/${encodeURIComponent('<x>'.repeat(300))}`, options: {} },
    { path: '/share/articles/absent.png', options: {} },
    { path: '/images/absent.123w.avif', options: {} },
  ];
  return Array.from({ length: 8 }, () => list).flat();
}

/** (i) Row 10: FLOOD_SEARCHES distinct page searches within FLOOD_SECONDS, FLOOD_CONCURRENCY at a time, hostile requests among them. */
async function runFlood(contentDir: string, catalog: Catalog, work: string, clients: number) {
  const server = await startServer({
    CONTENT_DIR: contentDir,
    CONTENT_CACHE_DIR: path.join(work, `flood-cache-${clients}`),
    IMAGE_CACHE_DIR: path.join(work, `flood-images-${clients}`),
  });
  const pid = server.child.pid!;
  const startMb = await readStatusMb(pid, 'VmRSS');
  const tally = new Tally();
  const jobs: { kind: string; path: string; options: SendOptions }[] = Array.from({ length: FLOOD_SEARCHES }, () => ({
    kind: 'page searches',
    path: `/articles?${composeSearch(catalog)}`,
    options: {},
  }));
  // Hostile requests spread evenly among the searches.
  const hostile = composeHostileRequests();
  for (const [at, job] of hostile.entries()) jobs.splice(Math.floor((at * (jobs.length + 1)) / hostile.length), 0, { kind: 'hostile', ...job });
  const started = performance.now();
  const deadline = started + (FLOOD_SECONDS + 60) * 1000;
  let inFlight = 0;
  const pending: Promise<void>[] = [];
  for (const [at, job] of jobs.entries()) {
    await sleep(started + (at * FLOOD_SECONDS * 1000) / jobs.length - performance.now());
    while (inFlight >= FLOOD_CONCURRENCY && performance.now() < deadline) await sleep(5);
    if (performance.now() >= deadline) break;
    inFlight += 1;
    const localAddress = clients > 1 ? `127.0.1.${10 + (at % clients)}` : '127.0.0.1';
    pending.push(
      send(server.port, job.path, { ...job.options, agent: false, localAddress }).then((answer) => {
        inFlight -= 1;
        tally.add(job.kind, answer);
      }),
    );
  }
  const firedSeconds = (performance.now() - started) / 1000;
  await Promise.all(pending);
  const seconds = (performance.now() - started) / 1000;
  const result = { clients, startMb, peakMb: await readStatusMb(pid, 'VmHWM'), endMb: await readStatusMb(pid, 'VmRSS'), tally, firedSeconds, seconds };
  await stopServer(server);
  return result;
}

interface CorpusUpstream {
  server: Server;
  baseUrl: string;
  /** Newest first. */
  ids: string[];
  listBytes: number;
}

/** An items service on 127.0.0.1 holding UPSTREAM_ITEMS generated articles; every list answers all of them. */
async function startCorpusUpstream(): Promise<CorpusUpstream> {
  const markdown = new MarkdownIt({ html: true });
  const bodies = new Map<string, string>();
  const summaries: Record<string, unknown>[] = [];
  for (let index = 0; index < UPSTREAM_ITEMS; index += 1) {
    const { data, content } = matter(generateArticleText(index));
    const id = String(data.id);
    // The wire names of the items service (tests/support/fake-upstream.ts).
    const summary = {
      id,
      tit: String(data.title),
      date_m: `${String(data.date instanceof Date ? data.date.toISOString().slice(0, 10) : data.date)}T08:00:00Z`,
      tags: data.tags as string[],
      img: [],
      sum: `<p>${String(data.summary)}</p>`,
      lg: String(data.language),
    };
    summaries.push(summary);
    bodies.set(id, content);
  }
  summaries.sort((a, b) => String(b.date_m).localeCompare(String(a.date_m)));
  const list = JSON.stringify(summaries.map(({ lg: _lg, ...fields }) => fields));
  const byId = new Map(summaries.map((summary) => [String(summary.id), summary]));
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const sendJson = (status: number, text: string) => {
      res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
      res.end(req.method === 'HEAD' ? undefined : text);
    };
    if (url.pathname === '/www-be/items/v1.0/items') return sendJson(200, list);
    const id = decodeURIComponent(url.pathname.slice('/www-be/items/v1.0/items/'.length));
    const summary = byId.get(id);
    // Rendered on request: 10,000 bodies in HTML would only weigh on this process.
    if (summary) return sendJson(200, JSON.stringify({ ...summary, ctn: markdown.render(bodies.get(id)!) }));
    return sendJson(404, '{"message":"not found"}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    server,
    baseUrl: `http://127.0.0.1:${port}/www-be/items/v1.0`,
    ids: summaries.map((summary) => String(summary.id)),
    listBytes: Buffer.byteLength(list),
  };
}

/** (ii) Row 14: 18 page and 18 API searches at once against the 10,000-item upstream, then page views. */
async function runUpstreamSearches(work: string) {
  const upstream = await startCorpusUpstream();
  const server = await startServer({ ITEMS_SERVICE_URL: upstream.baseUrl, IMAGE_CACHE_DIR: path.join(work, 'upstream-images') });
  const pid = server.child.pid!;
  const startMb = await readStatusMb(pid, 'VmRSS');
  const tally = new Tally();
  const words = [
    'java',
    'spring',
    'postgresql',
    'index',
    'cache',
    'thread',
    'architecture',
    'équipe',
    'kafka',
    'docker',
    'angular',
    'linux',
    'transaction',
    'mémoire',
    'latence',
    'requête',
    'signal',
    'déploiement',
  ];
  const searches = words.slice(0, UPSTREAM_SEARCHES);
  const started = performance.now();
  await Promise.all([
    ...searches.map(async (word) => tally.add('page searches', await send(server.port, `/articles?f=${encodeURIComponent(word)}`))),
    ...searches.map(async (word, at) =>
      tally.add(
        'API searches',
        await send(
          server.port,
          at % 2 === 0 ? `/www-be/items/v1.0/search?f=${encodeURIComponent(word)}` : `/www-be/items/v1.0/items?s=-date_m&f=${encodeURIComponent(word)}`,
        ),
      ),
    ),
  ]);
  const views = [
    '/articles',
    '/articles?page=2',
    '/articles?page=50',
    '/en/articles?page=3',
    '/rss.xml',
    '/tags/Java',
    '/sitemap.xml',
    ...upstream.ids.slice(0, 24).map((id) => `/articles/${id}`),
    ...upstream.ids.slice(-8).map((id) => `/en/articles/${id}`),
  ];
  for (let at = 0; at < views.length; at += 8) {
    await Promise.all(views.slice(at, at + 8).map(async (view) => tally.add('page views', await send(server.port, view))));
  }
  const seconds = (performance.now() - started) / 1000;
  const result = {
    startMb,
    peakMb: await readStatusMb(pid, 'VmHWM'),
    endMb: await readStatusMb(pid, 'VmRSS'),
    tally,
    seconds,
    listMb: upstream.listBytes / 1024 / 1024,
  };
  await stopServer(server);
  await new Promise((resolve) => upstream.server.close(resolve));
  return result;
}

const work = await mkdtemp(path.join(tmpdir(), 'soak-bench-'));
try {
  // A copy: the soak edits articles, and the repository's content must stay as it is.
  const contentDir = path.join(work, 'content');
  await cp(path.join(ROOT, 'content'), contentDir, { recursive: true });
  const catalog = await readCatalog(contentDir);
  console.log(`soak: ${SOAK_SECONDS} s at ${SOAK_RATE} req/s, RSS every ${SAMPLE_SECONDS} s…`);
  const soak = await runSoak(contentDir, catalog, work);
  console.log('(i) 1,500 distinct page searches in 12 s…');
  const flood = await runFlood(contentDir, catalog, work, 1);
  const spreadFlood = await runFlood(contentDir, catalog, work, 100);
  console.log(`(ii) ${UPSTREAM_SEARCHES} + ${UPSTREAM_SEARCHES} searches against ${UPSTREAM_ITEMS.toLocaleString('en')} upstream items…`);
  const upstream = await runUpstreamSearches(work);

  const warm = soak.samples.find((sample) => sample.seconds >= WARM_UP_SECONDS) ?? soak.samples.at(-1)!;
  const after = soak.samples.filter((sample) => sample.seconds > warm.seconds);
  const maxAfter = Math.max(warm.rssMb, ...after.map((sample) => sample.rssMb));
  const last = soak.samples.at(-1)!;
  const growth = (maxAfter - warm.rssMb) / warm.rssMb;
  const verdict = (ok: boolean) => (ok ? '**pass**' : '**MISSED**');
  const mb = (value: number) => value.toFixed(0);
  const shown = soak.edits.map((edit) => (Number.isNaN(edit.shownAfterSeconds) ? 'not shown' : `${edit.shownAfterSeconds.toFixed(1)} s`));
  const describeFlood = (run: typeof flood) =>
    `${run.clients === 1 ? 'from one client address (row 10)' : `spread over ${run.clients} client addresses (the per-client limit no longer holds them back; for information)`}: fired in ${run.firedSeconds.toFixed(1)} s, done in ${run.seconds.toFixed(1)} s; RSS ${mb(run.startMb)} MB at start, **peak ${mb(run.peakMb)} MB** (target ≤ ${FLOOD_PEAK_TARGET_MB} MB: ${verdict(run.peakMb <= FLOOD_PEAK_TARGET_MB)}), ${mb(run.endMb)} MB after. ${run.tally.describe()}.`;
  await writeReport('soak', {
    title: 'Soak and adversarial memory (built server, loopback)',
    summary: [
      `The built server as npm start runs it (\`${[...Object.entries(NPM_START.env).map(([name, value]) => `${name}=${value}`), 'node', ...SERVER_ARGS].join(' ')}\`), NODE_ENV=production, LOG_LEVEL=warn, default limits (RATE_LIMIT_PER_MINUTE ${DEFAULTS.rateLimitPerMinute} per client, RESPONSE_CACHE_MAX_MB ${DEFAULTS.responseCacheMaxMb}, ITEMS_CACHE_MAX_MB ${DEFAULTS.itemsCacheMaxBytes / 1024 / 1024}, TTL ${DEFAULTS.cacheTtlSeconds} s), on a copy of the sample content (${catalog.ids.length} articles).`,
      `**Soak**: ${SOAK_SECONDS} s at ${SOAK_RATE} req/s from ${WORKERS} visitors (one loopback address and one keep-alive connection each): 40 % pages (list, articles, About, CV, tags, /en/…, Markdown twins, sitemap), 15 % distinct page searches, 20 % items API (list, item, distinct searches), 10 % feeds, 15 % misses (unknown articles, items, tags); one article body edited every ${EDIT_EVERY_SECONDS} s; RSS (VmRSS) every ${SAMPLE_SECONDS} s.`,
      `**RSS after warm-up (${warm.seconds} s): ${mb(warm.rssMb)} MB; highest after: ${mb(maxAfter)} MB; at the end: ${mb(last.rssMb)} MB; growth ${(100 * growth).toFixed(1)} %** (target < ${100 * GROWTH_TARGET} %: ${verdict(growth < GROWTH_TARGET)}). Peak (VmHWM) ${mb(last.peakMb)} MB.`,
      `Soak answers: ${soak.tally.total().toLocaleString('en')} in ${soak.seconds.toFixed(0)} s; 5xx and network errors: ${soak.tally.total((status) => is5xx(status) || isError(status))}; 429 (rate limit): ${soak.tally.total((status) => status === '429')}. ${soak.tally.describe()}.`,
      `Edits shown on the article's Markdown twin after: ${shown.join(', ') || 'no edit in so short a run'}.`,
      `**(i) ${FLOOD_SEARCHES.toLocaleString('en')} distinct page searches within ${FLOOD_SECONDS} s, ${FLOOD_CONCURRENCY} at a time, ${composeHostileRequests().length} hostile requests among them** (100 KB URL and header, traversal, broken percent-encoding, 1,000 parameters, a 1 MB POST …), a fresh server each, ${describeFlood(flood)}`,
      `(i) again, ${describeFlood(spreadFlood)}`,
      `**(ii) ${UPSTREAM_ITEMS.toLocaleString('en')} upstream items** (bench/generate-articles.ts, on the wire as id, tit, sum, ctn, date_m, lg, tags, img; every list answer is all ${UPSTREAM_ITEMS.toLocaleString('en')} summaries, ${upstream.listMb.toFixed(1)} MB of JSON, whatever the filter): ${UPSTREAM_SEARCHES} page searches and ${UPSTREAM_SEARCHES} API searches all at once, then 39 page views 8 at a time, in ${upstream.seconds.toFixed(1)} s. RSS ${mb(upstream.startMb)} MB at start, **peak ${mb(upstream.peakMb)} MB** (target ≤ ${UPSTREAM_PEAK_TARGET_MB} MB: ${verdict(upstream.peakMb <= UPSTREAM_PEAK_TARGET_MB)}), ${mb(upstream.endMb)} MB after. ${upstream.tally.describe()}.`,
    ],
    columns: ['time s', 'RSS MB', 'peak RSS MB', 'answers', 'req/s since last', '429 so far', '5xx + errors so far'],
    rows: soak.samples.map((sample, at) => {
      const previous = soak.samples[at - 1];
      const rate = previous ? (sample.requests - previous.requests) / Math.max(1, sample.seconds - previous.seconds) : 0;
      return [
        String(sample.seconds),
        mb(sample.rssMb),
        mb(sample.peakMb),
        sample.requests.toLocaleString('en'),
        rate.toFixed(1),
        String(sample.limited),
        String(sample.failed),
      ];
    }),
  });
} finally {
  await rm(work, { recursive: true, force: true });
}

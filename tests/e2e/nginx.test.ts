// docs/deploy.md's nginx example, run as written (ports, certificate and cache folder swapped for
// loopback and temporary ones) by Debian's nginx in front of the built server.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURE_CONTENT_DIR } from '../support/fixtures';
import { startServer, type ServerProcess } from '../support/server-process';
import { rootDir } from '../support/test-app';
import { findFreePort } from '../support/free-port';

const HOST = 'www.example.org';
/** Long enough for the repeated requests of one test, short enough to wait out in another. */
const TTL_SECONDS = 4;
let server: ServerProcess;
let nginx: ChildProcess;
let dir: string;
let httpPort: number;
let httpsPort: number;

/** The ```nginx block of docs/deploy.md. */
async function readDocumentedConfig(): Promise<string> {
  const doc = await readFile(path.join(rootDir, 'docs', 'deploy.md'), 'utf8');
  const block = /```nginx\n([\s\S]*?)```/.exec(doc)?.[1];
  if (!block) throw new Error('docs/deploy.md has no nginx block');
  return block;
}

function replaceExactly(text: string, from: string, to: string): string {
  if (!text.includes(from)) throw new Error(`the documented nginx config no longer contains: ${from}`);
  return text.split(from).join(to);
}

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

function get(scheme: 'http' | 'https', port: number, urlPath: string, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const send = scheme === 'https' ? httpsRequest : httpRequest;
    const req = send({ host: '127.0.0.1', port, path: urlPath, servername: HOST, rejectUnauthorized: false, headers: { host: HOST, ...headers }, timeout: 5_000 }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', reject);
    req.end();
  });
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'nginx-'));
  [httpPort, httpsPort] = await Promise.all([findFreePort(), findFreePort()]);
  server = await startServer({ CONTENT_DIR: FIXTURE_CONTENT_DIR, SITE_URL: `https://${HOST}/`, TRUST_PROXY: 'loopback', CACHE_TTL_SECONDS: String(TTL_SECONDS) });
  const serverPort = new URL(server.url).port;
  execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', `/CN=${HOST}`, '-keyout', path.join(dir, 'key.pem'), '-out', path.join(dir, 'cert.pem')], { stdio: 'ignore' });
  await mkdir(path.join(dir, 'cache'));

  let site = await readDocumentedConfig();
  site = replaceExactly(site, '/var/cache/nginx/portfolio', path.join(dir, 'cache'));
  site = replaceExactly(site, 'server 127.0.0.1:3000;', `server 127.0.0.1:${serverPort};`);
  site = replaceExactly(site, 'listen 80;', `listen 127.0.0.1:${httpPort};`);
  site = replaceExactly(site, 'listen 443 ssl http2;', `listen 127.0.0.1:${httpsPort} ssl http2;`);
  site = replaceExactly(site, `/etc/letsencrypt/live/${HOST}/fullchain.pem`, path.join(dir, 'cert.pem'));
  site = replaceExactly(site, `/etc/letsencrypt/live/${HOST}/privkey.pem`, path.join(dir, 'key.pem'));
  const temp = (name: string) => `${name}_temp_path ${path.join(dir, name)};`;
  const conf = [
    process.getuid?.() === 0 ? 'user root;' : '',
    'worker_processes 1;',
    `pid ${path.join(dir, 'nginx.pid')};`,
    `error_log ${path.join(dir, 'error.log')} warn;`,
    'events { worker_connections 64; }',
    'http {',
    '  access_log off;',
    `  ${temp('client_body')} ${temp('proxy')} ${temp('fastcgi')} ${temp('uwsgi')} ${temp('scgi')}`,
    site,
    '}',
  ].join('\n');
  await writeFile(path.join(dir, 'nginx.conf'), conf);
  execFileSync('nginx', ['-t', '-q', '-p', dir, '-c', path.join(dir, 'nginx.conf')], { stdio: 'pipe' });
  nginx = spawn('nginx', ['-p', dir, '-c', path.join(dir, 'nginx.conf'), '-g', 'daemon off;'], { stdio: 'ignore' });
  const until = Date.now() + 10_000;
  for (;;) {
    try {
      await get('http', httpPort, '/');
      break;
    } catch (error) {
      if (Date.now() > until) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}, 60_000);

afterAll(async () => {
  nginx?.kill('SIGQUIT');
  await server?.stop();
  if (dir) await rm(dir, { recursive: true, force: true });
});

/** Log lines of the Node server for a path (misses and its own cache's hits alike): what reached it. */
const originRequests = (urlPath: string) => server.logs.filter((line) => (line.req as { path?: string } | undefined)?.path === urlPath.split('?')[0]).length;

/** The origin count once the server's log lines are in (they arrive through a pipe), 3 s at most. */
async function settledOriginRequests(urlPath: string, expected: number): Promise<number> {
  const until = Date.now() + 3_000;
  while (originRequests(urlPath) < expected && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 25));
  // A little longer, so that a request too many would show.
  await new Promise((resolve) => setTimeout(resolve, 100));
  return originRequests(urlPath);
}

describe('nginx in front (docs/deploy.md)', () => {
  it('redirects plain HTTP to HTTPS', async () => {
    const answer = await get('http', httpPort, '/articles');
    expect(answer.status).toBe(301);
    expect(answer.headers.location).toBe(`https://${HOST}/articles`);
  });

  it('serves repeated page requests from its own cache: the Node server sees each page once per TTL', async () => {
    const pages = ['/architecte-logiciel-freelance-java-spring-angular', '/articles', '/articles/equipe-revues', '/help/about'];
    let served = 0;
    let fromCache = 0;
    for (const page of pages) {
      for (let round = 0; round < 20; round += 1) {
        const answer = await get('https', httpsPort, page, { 'accept-encoding': 'gzip, deflate, br' });
        expect(answer.status, page).toBe(200);
        expect(answer.headers['set-cookie'], page).toBeUndefined();
        expect(answer.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
        served += 1;
        if (answer.headers['x-cache-status'] === 'HIT') fromCache += 1;
      }
      expect(await settledOriginRequests(page, 1), page).toBe(1);
    }
    console.log(`nginx proxy_cache: ${fromCache} of ${served} page requests served from its cache`);
    expect(fromCache / served).toBeGreaterThanOrEqual(0.9);
  });

  it('keeps each language and each encoding apart', async () => {
    const cases = [
      { path: '/articles/http-caching', encoding: 'br', lang: 'fr' },
      { path: '/en/articles/http-caching', encoding: 'br', lang: 'en' },
      { path: '/articles/http-caching', encoding: 'gzip', lang: 'fr' },
      { path: '/en/articles/http-caching', encoding: 'gzip', lang: 'en' },
      { path: '/en/articles/http-caching', encoding: 'identity', lang: 'en' },
    ];
    for (let round = 0; round < 3; round += 1) {
      for (const { path: page, encoding, lang } of cases) {
        const answer = await get('https', httpsPort, page, { 'accept-encoding': encoding });
        const label = `${page} ${encoding} round ${round}`;
        expect(answer.headers['content-encoding'] ?? 'identity', label).toBe(encoding);
        const html = encoding === 'br' ? brotliDecompressSync(answer.body) : encoding === 'gzip' ? gunzipSync(answer.body) : answer.body;
        expect(/<html lang="(\w+)"/.exec(html.toString())?.[1], label).toBe(lang);
        if (round > 0) expect(answer.headers['x-cache-status'], label).toBe('HIT');
      }
    }
  });

  it('goes back to the Node server once the TTL has passed, revalidating with the ETag', async () => {
    const page = '/articles/spring-batch-oeuvre';
    await get('https', httpsPort, page, { 'accept-encoding': 'br' });
    expect(await settledOriginRequests(page, 1)).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, (TTL_SECONDS + 1) * 1000));
    // Past the TTL: the kept copy is served stale at once while nginx refreshes it in the background.
    const stale = await get('https', httpsPort, page, { 'accept-encoding': 'br' });
    expect(['STALE', 'UPDATING', 'REVALIDATED', 'EXPIRED']).toContain(stale.headers['x-cache-status']);
    expect(await settledOriginRequests(page, 2)).toBe(2);
    const fresh = await get('https', httpsPort, page, { 'accept-encoding': 'br' });
    expect(fresh.headers['x-cache-status']).toBe('HIT');
    expect(await settledOriginRequests(page, 2)).toBe(2);
  });

  it('sets the XSRF cookie Secure on items API answers, and keeps none of those answers', async () => {
    const answer = await get('https', httpsPort, '/www-be/items/v1.0/items?s=-date_m');
    expect(String(answer.headers['set-cookie'])).toMatch(/XSRF-TOKEN=.*; Secure/);
    const again = await get('https', httpsPort, '/www-be/items/v1.0/items?s=-date_m');
    expect(String(again.headers['set-cookie'])).toMatch(/XSRF-TOKEN=/);
    expect(again.headers['x-cache-status']).not.toBe('HIT');
  });

  it('keeps hashed assets in its cache, as their Cache-Control allows', async () => {
    const manifest = JSON.parse(await readFile(path.join(rootDir, 'dist/public/manifest.json'), 'utf8')) as { js: string };
    const first = await get('https', httpsPort, manifest.js, { 'accept-encoding': 'br' });
    const second = await get('https', httpsPort, manifest.js, { 'accept-encoding': 'br' });
    expect(first.status).toBe(200);
    expect(first.headers['cache-control']).toContain('immutable');
    expect(second.headers['x-cache-status']).toBe('HIT');
    expect(second.headers['content-encoding']).toBe('br');
  });

  it('passes the redirects of the site through', async () => {
    const answer = await get('https', httpsPort, '/');
    expect(answer.status).toBe(301);
    expect(answer.headers.location).toBe('/architecte-logiciel-freelance-java-spring-angular');
  });
});

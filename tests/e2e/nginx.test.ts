// docs/deploy.md's nginx example, run as written (ports, certificate and cache folder swapped for
// loopback and temporary ones) by Debian's nginx in front of the built server.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURE_CONTENT_DIR } from '../support/fixtures';
import { startServer, type ServerProcess } from '../support/server-process';
import { rootDir } from '../support/test-app';
import { findFreePort } from '../support/free-port';

const HOST = 'www.example.org';
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
}

function get(scheme: 'http' | 'https', port: number, urlPath: string, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const send = scheme === 'https' ? httpsRequest : httpRequest;
    const req = send({ host: '127.0.0.1', port, path: urlPath, servername: HOST, rejectUnauthorized: false, headers: { host: HOST, ...headers }, timeout: 5_000 }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers }));
    });
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', reject);
    req.end();
  });
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'nginx-'));
  [httpPort, httpsPort] = await Promise.all([findFreePort(), findFreePort()]);
  server = await startServer({ CONTENT_DIR: FIXTURE_CONTENT_DIR, SITE_URL: `https://${HOST}/`, TRUST_PROXY: 'loopback' });
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

describe('nginx in front (docs/deploy.md)', () => {
  it('redirects plain HTTP to HTTPS', async () => {
    const answer = await get('http', httpPort, '/articles');
    expect(answer.status).toBe(301);
    expect(answer.headers.location).toBe(`https://${HOST}/articles`);
  });

  it('serves pages over TLS with HSTS and a Secure cookie, never from its own cache', async () => {
    const first = await get('https', httpsPort, '/articles');
    const second = await get('https', httpsPort, '/articles');
    expect(first.status).toBe(200);
    expect(first.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(String(first.headers['set-cookie'])).toMatch(/XSRF-TOKEN=.*; Secure/);
    expect([first.headers['x-cache-status'], second.headers['x-cache-status']]).not.toContain('HIT');
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

// docs/deploy.md's nginx example, run as written (ports, certificate and cache folder swapped for
// loopback and temporary ones) by Debian's nginx: the e2e test and the benchmark both use it.
import { execFileSync, spawn } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { findFreePort } from './free-port';

/** The host name of the example, which the certificate and the requests carry. */
export const NGINX_HOST = 'www.example.org';

export interface NginxAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

export interface DocumentedNginx {
  httpPort: number;
  httpsPort: number;
  /** The self-signed certificate (PEM) nginx serves, for clients that must trust it. */
  certificate: string;
  get(scheme: 'http' | 'https', urlPath: string, headers?: Record<string, string>): Promise<NginxAnswer>;
  stop(): Promise<void>;
}

/** The ```nginx block of docs/deploy.md. */
async function readDocumentedConfig(rootDir: string): Promise<string> {
  const doc = await readFile(path.join(rootDir, 'docs', 'deploy.md'), 'utf8');
  const block = /```nginx\n([\s\S]*?)```/.exec(doc)?.[1];
  if (!block) throw new Error('docs/deploy.md has no nginx block');
  return block;
}

function replaceExactly(text: string, from: string, to: string): string {
  if (!text.includes(from)) throw new Error(`the documented nginx config no longer contains: ${from}`);
  return text.split(from).join(to);
}

function send(scheme: 'http' | 'https', port: number, urlPath: string, headers: Record<string, string>): Promise<NginxAnswer> {
  return new Promise((resolve, reject) => {
    const request = scheme === 'https' ? httpsRequest : httpRequest;
    const req = request(
      { host: '127.0.0.1', port, path: urlPath, servername: NGINX_HOST, rejectUnauthorized: false, headers: { host: NGINX_HOST, ...headers }, timeout: 5_000 },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      },
    );
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', reject);
    req.end();
  });
}

export interface DocumentedNginxOptions {
  /** Pin its one worker to this CPU (benchmarks). */
  workerCpu?: number;
  /** Redirect plain HTTP to the loopback HTTPS port rather than 443, so that a client can follow it. */
  redirectToHttpsPort?: boolean;
}

/** Starts nginx with the documented configuration in front of the server at `serverPort`. */
export async function startDocumentedNginx(rootDir: string, serverPort: number, options: DocumentedNginxOptions = {}): Promise<DocumentedNginx> {
  const dir = await mkdtemp(path.join(tmpdir(), 'nginx-'));
  const [httpPort, httpsPort] = await Promise.all([findFreePort(), findFreePort()]);
  // Valid for the example's name and for 127.0.0.1: a client that trusts it can verify either.
  const subjectAltName = `subjectAltName=DNS:${NGINX_HOST},IP:127.0.0.1`;
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '1',
      '-subj',
      `/CN=${NGINX_HOST}`,
      '-addext',
      subjectAltName,
      '-keyout',
      path.join(dir, 'key.pem'),
      '-out',
      path.join(dir, 'cert.pem'),
    ],
    { stdio: 'ignore' },
  );
  await mkdir(path.join(dir, 'cache'));

  let site = await readDocumentedConfig(rootDir);
  site = replaceExactly(site, '/var/cache/nginx/portfolio', path.join(dir, 'cache'));
  site = replaceExactly(site, 'server 127.0.0.1:3000;', `server 127.0.0.1:${serverPort};`);
  site = replaceExactly(site, 'listen 80;', `listen 127.0.0.1:${httpPort};`);
  site = replaceExactly(site, 'listen 443 ssl http2;', `listen 127.0.0.1:${httpsPort} ssl http2;`);
  if (options.redirectToHttpsPort) site = replaceExactly(site, 'return 301 https://$host$request_uri;', `return 301 https://$host:${httpsPort}$request_uri;`);
  site = replaceExactly(site, `/etc/letsencrypt/live/${NGINX_HOST}/fullchain.pem`, path.join(dir, 'cert.pem'));
  site = replaceExactly(site, `/etc/letsencrypt/live/${NGINX_HOST}/privkey.pem`, path.join(dir, 'key.pem'));
  const temp = (name: string) => `${name}_temp_path ${path.join(dir, name)};`;
  const conf = [
    process.getuid?.() === 0 ? 'user root;' : '',
    'worker_processes 1;',
    options.workerCpu === undefined ? '' : `worker_cpu_affinity ${(1 << options.workerCpu).toString(2)};`,
    `pid ${path.join(dir, 'nginx.pid')};`,
    `error_log ${path.join(dir, 'error.log')} warn;`,
    'events { worker_connections 256; }',
    'http {',
    '  access_log off;',
    `  ${temp('client_body')} ${temp('proxy')} ${temp('fastcgi')} ${temp('uwsgi')} ${temp('scgi')}`,
    site,
    '}',
  ].join('\n');
  await writeFile(path.join(dir, 'nginx.conf'), conf);
  execFileSync('nginx', ['-t', '-q', '-p', dir, '-c', path.join(dir, 'nginx.conf')], { stdio: 'pipe' });
  const nginx = spawn('nginx', ['-p', dir, '-c', path.join(dir, 'nginx.conf'), '-g', 'daemon off;'], { stdio: 'ignore' });
  const until = Date.now() + 10_000;
  for (;;) {
    try {
      await send('http', httpPort, '/', {});
      break;
    } catch (error) {
      if (Date.now() > until) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  return {
    httpPort,
    httpsPort,
    certificate: path.join(dir, 'cert.pem'),
    get: (scheme, urlPath, headers = {}) => send(scheme, scheme === 'https' ? httpsPort : httpPort, urlPath, headers),
    async stop() {
      const exited = new Promise((resolve) => nginx.once('exit', resolve));
      nginx.kill('SIGQUIT');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5_000))]);
      await rm(dir, { recursive: true, force: true });
    },
  };
}

// The TLS nginx of docs/deploy.md in front of the built server, graded by the MDN HTTP Observatory's
// own scanner and rules (tests/support/observatory-scan.mjs): A+ on the pages people land on.
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NGINX_HOST, startDocumentedNginx, type DocumentedNginx } from '../support/documented-nginx';
import { FIXTURE_CONTENT_DIR } from '../support/fixtures';
import { startServer, type ServerProcess } from '../support/server-process';
import { rootDir } from '../support/test-app';

interface ObservatoryTest {
  name: string;
  pass: boolean;
  result: string;
  scoreModifier: number;
  description: string;
}

interface ObservatoryGrade {
  grade: string;
  score: number;
  testsPassed: number;
  testsQuantity: number;
  statusCode: number;
  tests: ObservatoryTest[];
}

let server: ServerProcess;
let nginx: DocumentedNginx;

beforeAll(async () => {
  server = await startServer({ CONTENT_DIR: FIXTURE_CONTENT_DIR, SITE_URL: `https://${NGINX_HOST}/`, TRUST_PROXY: 'loopback' });
  // The scanner follows the HTTP → HTTPS redirect: it must lead to nginx's loopback port, not 443.
  nginx = await startDocumentedNginx(rootDir, Number(new URL(server.url).port), { redirectToHttpsPort: true });
}, 60_000);

afterAll(async () => {
  await nginx?.stop();
  await server?.stop();
});

/** Scans `urlPath` over http:// and https:// on 127.0.0.1 (the certificate names it), trusting nginx's certificate. */
async function gradePage(urlPath: string): Promise<ObservatoryGrade> {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [path.join(rootDir, 'tests/support/observatory-scan.mjs'), '127.0.0.1', String(nginx.httpPort), String(nginx.httpsPort), urlPath],
    {
      cwd: rootDir,
      env: { PATH: process.env.PATH ?? '', NODE_EXTRA_CA_CERTS: nginx.certificate },
      timeout: 25_000,
    },
  );
  return JSON.parse(stdout) as ObservatoryGrade;
}

/** What an operator reads to fix a lower grade: each rule that failed or cost points. */
const describeShortfalls = (grade: ObservatoryGrade) =>
  grade.tests.filter((test) => !test.pass || test.scoreModifier < 0).map((test) => `${test.name}: ${test.result} (${test.scoreModifier}) ${test.description}`);

describe('MDN HTTP Observatory grade of the documented TLS nginx', () => {
  for (const urlPath of ['/', '/articles', '/articles/http-caching', '/en/articles/equipe-revues']) {
    it(`grades ${urlPath} A+, every rule passed, HTTP redirected to HTTPS on the same host`, async () => {
      const grade = await gradePage(urlPath);
      const shortfalls = describeShortfalls(grade);
      console.log(
        `Observatory ${urlPath}: ${grade.grade}, score ${grade.score}, ${grade.testsPassed}/${grade.testsQuantity} rules passed${shortfalls.length > 0 ? `\n  ${shortfalls.join('\n  ')}` : ''}`,
      );
      expect(shortfalls, `${urlPath}: ${grade.grade} ${grade.score}`).toEqual([]);
      expect(grade.statusCode, urlPath).toBe(200);
      expect(grade.score, urlPath).toBeGreaterThanOrEqual(100);
      expect(grade.grade, urlPath).toBe('A+');
      // The grade counts a redirect only when the certificate was verified: this one was followed and trusted.
      expect(grade.tests.find((test) => test.name === 'redirection')?.result).toBe('redirection-to-https');
      expect(grade.tests.find((test) => test.name === 'strict-transport-security')?.result).toBe('hsts-implemented-max-age-at-least-six-months');
    });
  }
});

// Lighthouse (mobile) on every page type: accessibility, best practices and SEO at 100.
// Performance is measured by `npm run audit`, not asserted here (it depends on the machine).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUDITED_PAGES, auditPages, type PageAudit } from '../support/lighthouse';
import { startServer, type ServerProcess } from '../support/server-process';

let server: ServerProcess;
let audits: PageAudit[];

beforeAll(async () => {
  server = await startServer();
  audits = await auditPages(server.url, AUDITED_PAGES);
}, 240_000);
afterAll(async () => {
  await server?.stop();
});

describe('Lighthouse', () => {
  it.each(Object.keys(AUDITED_PAGES))('scores 100 in accessibility, best practices and SEO on %s', (name) => {
    const audit = audits.find((entry) => entry.name === name)!;
    expect({
      name,
      accessibility: audit.scores.accessibility,
      bestPractices: audit.scores['best-practices'],
      seo: audit.scores.seo,
      failing: audit.failing,
    }).toEqual({
      name,
      accessibility: 100,
      bestPractices: 100,
      seo: 100,
      failing: [],
    });
  });
});

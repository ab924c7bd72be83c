// npm run audit: Lighthouse on every page type of the built site (sample content), scores and main
// metrics to bench/results/lighthouse.md and .json.
import { writeReport } from '../../bench/report';
import { AUDITED_PAGES, auditPages } from '../support/lighthouse';
import { startServer } from '../support/server-process';

const server = await startServer();
try {
  // The median of three runs per page: one run swings with what else the machine does.
  const audits = await auditPages(server.url, AUDITED_PAGES, 3);
  await writeReport('lighthouse', {
    title: 'Lighthouse (mobile) on every page type',
    summary: [
      'Built site on the sample content, served by `node dist/server/index.js` on 127.0.0.1; Lighthouse 12 with its default mobile settings (simulated throttling); each row is the median of 3 runs.',
      ...audits.flatMap((audit) => audit.failing.map((line) => `${audit.name}: ${line}`)),
    ],
    columns: ['page', 'performance', 'accessibility', 'best practices', 'SEO', 'LCP ms', 'CLS', 'TBT ms', 'transfer KB'],
    rows: audits.map((audit) => [
      audit.name,
      String(audit.scores.performance),
      String(audit.scores.accessibility),
      String(audit.scores['best-practices']),
      String(audit.scores.seo),
      audit.lcpMs.toFixed(0),
      audit.cls.toFixed(3),
      audit.tbtMs.toFixed(0),
      (audit.transferBytes / 1024).toFixed(1),
    ]),
  });
} finally {
  await server.stop();
}

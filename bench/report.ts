// Shared by the benchmarks: percentiles and a Markdown + JSON report in bench/results/.
import { mkdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

// Scripts run from the project root (tests/support/run-ts.mjs); a rerun on another runtime writes elsewhere (node-versions-bench.ts).
const resultsDir = path.resolve(process.env.BENCH_RESULTS_DIR || path.join('bench', 'results'));

export function percentile(values: number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

export interface Report {
  title: string;
  summary: string[];
  columns: string[];
  rows: string[][];
}

export async function writeReport(name: string, report: Report): Promise<void> {
  const serverNode = process.env.BENCH_SERVER_NODE ? ` (the server on ${process.env.BENCH_SERVER_NODE})` : '';
  const machine = `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, Node ${process.versions.node}${serverNode}`;
  const markdown = [
    `# ${report.title}`,
    '',
    `Run ${new Date().toISOString()} on ${machine}.`,
    '',
    ...report.summary.map((line) => `- ${line}`),
    '',
    `| ${report.columns.join(' | ')} |`,
    `| ${report.columns.map(() => '---').join(' | ')} |`,
    ...report.rows.map((row) => `| ${row.join(' | ')} |`),
    '',
  ].join('\n');
  await mkdir(resultsDir, { recursive: true });
  await writeFile(path.join(resultsDir, `${name}.md`), markdown);
  await writeFile(path.join(resultsDir, `${name}.json`), JSON.stringify({ ...report, machine, date: new Date().toISOString() }, null, 2) + '\n');
  console.log(markdown);
}

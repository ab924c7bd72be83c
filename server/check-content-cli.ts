// `npm run check`: checks the content folder (CONTENT_DIR) without starting the server. Prints every
// problem as file:line:column: message, then the preview link of each hidden article; exits 1 when
// there are errors, 0 with warnings only, 2 when the configuration is wrong.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ConfigError, loadConfig } from './config';
import { checkContentFolder, type ContentCheck } from './items/content/check-content';
import { formatProblem } from './items/content/content-problems';
import { buildPreviewUrl } from './preview/preview-token';

/** The report's lines, and the exit code. */
export function writeCheckReport(check: ContentCheck, { siteUrl, previewSecret }: { siteUrl: string; previewSecret: string | undefined }) {
  const lines = check.problems.map(formatProblem);
  const errors = check.problems.filter((problem) => problem.severity === 'error').length;
  const warnings = check.problems.length - errors;
  const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;
  lines.push(`${plural(errors, 'error')}, ${plural(warnings, 'warning')} in ${plural(check.files, 'article file')}.`);
  if (check.hidden.length > 0 && previewSecret) {
    lines.push('', 'Preview links (drafts and future dates, never listed nor indexed):');
    for (const { file, id, reason } of check.hidden) lines.push(`  ${file} (${reason}): ${buildPreviewUrl(siteUrl, previewSecret, id)}`);
  } else if (check.hidden.length > 0) {
    lines.push('', `${plural(check.hidden.length, 'hidden article')} (drafts, future dates): set PREVIEW_SECRET to get their preview links.`);
  }
  return { lines, exitCode: errors > 0 ? 1 : 0 };
}

async function main(): Promise<number> {
  let config;
  try {
    config = loadConfig(process.env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    return 2;
  }
  const rootDir = fileURLToPath(new URL('../../', import.meta.url));
  const check = await checkContentFolder({ contentDir: config.contentDir, publicDir: path.join(rootDir, 'public') });
  const { lines, exitCode } = writeCheckReport(check, config);
  (exitCode === 0 ? console.log : console.error)(lines.join('\n'));
  return exitCode;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  process.exitCode = await main();
}

// Grades one page with the MDN HTTP Observatory's own scanner (retrieval, the ten tests, the score
// table and the grade chart of @mdn/mdn-http-observatory) and prints the result as one JSON line.
// Run it with NODE_EXTRA_CA_CERTS naming the certificate of a test server: Node reads it at start only.
// Usage: node tests/support/observatory-scan.mjs <host> <httpPort> <httpsPort> <path>
import { register } from 'node:module';

register('./observatory-patches.mjs', import.meta.url);
const { scan } = await import('@mdn/mdn-http-observatory');

const [hostname, httpPort, httpsPort, path] = process.argv.slice(2);
if (!hostname || !httpPort || !httpsPort || !path?.startsWith('/')) {
  console.error('usage: node tests/support/observatory-scan.mjs <host> <httpPort> <httpsPort> </path>');
  process.exit(2);
}
const result = await scan(hostname, { httpPort, httpsPort, path });
const tests = Object.values(result.tests).map((test) => ({
  name: test.constructor.name,
  pass: test.pass,
  result: test.result,
  scoreModifier: test.scoreModifier,
  // The score table's text is HTML: one plain line is enough to say why.
  description: String(test.scoreDescription ?? '')
    .replace(/<[^>]+>/g, '')
    .replace(/\s+/g, ' ')
    .trim(),
}));
const { grade, score, testsPassed, testsQuantity, statusCode } = result.scan;
console.log(JSON.stringify({ grade, score, testsPassed, testsQuantity, statusCode, tests }));

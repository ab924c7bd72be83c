// Baseline (a): the limit. Plain Node http sending one precompressed buffer, nothing else.
// argv: port, path of the gzip body.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

const [port = '0', bodyFile = ''] = process.argv.slice(2);
const body = readFileSync(bodyFile);
const server = createServer((_req, res) => {
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-encoding': 'gzip', 'content-length': body.length });
  res.end(body);
});
server.listen(Number(port), '127.0.0.1', () => console.log('listening'));
process.on('SIGTERM', () => server.close(() => process.exit(0)));

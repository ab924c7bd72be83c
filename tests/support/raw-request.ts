// A request that keeps the body as sent (no automatic decompression), to the app on 127.0.0.1.
import { createServer, request as httpRequest, type IncomingHttpHeaders, type RequestListener } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RawResponse {
  status: number;
  headers: IncomingHttpHeaders;
  /** Header names as the server wrote them, in order. */
  names: string[];
  body: Buffer;
}

export async function getRaw(app: RequestListener, path: string, headers: Record<string, string> = {}): Promise<RawResponse> {
  const server = createServer(app).listen(0, '127.0.0.1');
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  const { port } = server.address() as AddressInfo;
  try {
    return await new Promise<RawResponse>((resolve, reject) => {
      const req = httpRequest({ host: '127.0.0.1', port, path, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            names: res.rawHeaders.filter((_value, at) => at % 2 === 0),
            body: Buffer.concat(chunks),
          }),
        );
        res.on('error', reject);
      });
      req.on('error', reject);
      req.end();
    });
  } finally {
    server.closeAllConnections();
    server.close();
  }
}

import { createServer, type AddressInfo } from 'node:net';

/** A TCP port free on 127.0.0.1 right now, for a process that must be told its port. */
export async function findFreePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

// A concurrency limit shared fairly between clients (decision 036): at most `concurrency` tasks run
// at once, at most `perClient` of them for one client, and a free slot goes to the waiting client
// served least recently (a new one first), not to the oldest task. One client's backlog of distinct searches no longer
// sits in front of another visitor's first one (issue 25, finding 5).

export interface FairLimit {
  /** Runs `task` for `client` when its turn comes. */
  <T>(client: string, task: () => Promise<T>): Promise<T>;
  /** Tasks running and waiting, for tests and logs. */
  readonly running: number;
  readonly waiting: number;
}

export function createFairLimit(concurrency: number, perClient: number): FairLimit {
  /** Waiting tasks by client. */
  const queues = new Map<string, (() => void)[]>();
  const runningFor = new Map<string, number>();
  /** When each client busy or waiting last had a task started (a count): the least recently served goes first. */
  const lastServed = new Map<string, number>();
  let served = 0;
  let running = 0;
  let waiting = 0;

  /** The waiting client that may run one more task and was served least recently (a new one first), or undefined. */
  const chooseClient = (): string | undefined => {
    let chosen: string | undefined;
    for (const client of queues.keys()) {
      if ((runningFor.get(client) ?? 0) >= perClient) continue;
      if (chosen === undefined || (lastServed.get(client) ?? -1) < (lastServed.get(chosen) ?? -1)) chosen = client;
    }
    return chosen;
  };

  const startNext = () => {
    for (let client = chooseClient(); running < concurrency && client !== undefined; client = chooseClient()) {
      const queue = queues.get(client)!;
      const start = queue.shift()!;
      if (queue.length === 0) queues.delete(client);
      lastServed.set(client, served++);
      start();
    }
  };

  const finish = (client: string) => {
    running -= 1;
    const left = (runningFor.get(client) ?? 1) - 1;
    if (left > 0) runningFor.set(client, left);
    else {
      runningFor.delete(client);
      // A client with nothing running or waiting is forgotten: the map holds only the clients of the moment.
      if (!queues.has(client)) lastServed.delete(client);
    }
    startNext();
  };

  const limit = <T>(client: string, task: () => Promise<T>): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      const start = () => {
        waiting -= 1;
        running += 1;
        runningFor.set(client, (runningFor.get(client) ?? 0) + 1);
        task()
          .then(resolve, reject)
          .finally(() => finish(client));
      };
      waiting += 1;
      const queue = queues.get(client);
      if (queue) queue.push(start);
      else queues.set(client, [start]);
      startNext();
    });

  return Object.defineProperties(limit, {
    running: { get: () => running },
    waiting: { get: () => waiting },
  }) as FairLimit;
}

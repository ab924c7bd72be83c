// A concurrency limit shared fairly between clients (decision 036): at most `concurrency` tasks run
// at once, at most `perClient` of them for one client, and a free slot goes to the waiting client
// served least recently (a new one first), not to the oldest task. One client's backlog of distinct
// searches no longer sits in front of another visitor's first one (issue 25, finding 5).
// Decision 057: while a client with a single task (no backlog) is served, the clients with a backlog
// start nothing new, and their running tasks pause where they offer to (between two chunks of an
// answer): the visitor's search does not share the CPU with a flood's. A single task may say how long
// its client is still served after it ends (its page is rendered and sent), at most LINGER_MS.

/** What a running task is given: where it may pause for a client with a single task. */
export interface Turn {
  /** A promise to await before the next slice of work, or undefined to go on at once. */
  readonly pause: () => Promise<void> | undefined;
}

/** Longest a client is still counted as served after its single task ended. */
export const LINGER_MS = 1_000;

export interface FairLimit {
  /** Runs `task` for `client` when its turn comes; `servedUntil`: the client is still served until it resolves (at most LINGER_MS). */
  <T>(client: string, task: (turn: Turn) => Promise<T>, servedUntil?: Promise<void>): Promise<T>;
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
  /** Clients whose single task ended and whose request is still being answered: counted as served. */
  const lingering = new Map<string, number>();
  /** Paused tasks of clients with a backlog, resumed once no client with a single task is served. */
  let paused: (() => void)[] = [];
  let resumed: Promise<void> | undefined;

  /** Whether a client has more than one task running or waiting: another of its tasks is one of many. */
  const hasBacklog = (client: string) => (runningFor.get(client) ?? 0) + (queues.get(client)?.length ?? 0) > 1;
  /** Whether a client with a single task (running, nothing waiting) is being served; the running clients are at most `concurrency`. */
  const isServingSingle = () => {
    for (const client of runningFor.keys()) if (!hasBacklog(client)) return true;
    for (const client of lingering.keys()) if (!hasBacklog(client)) return true;
    return false;
  };

  const turnOf = (client: string): Turn => ({
    pause: () => {
      if (!hasBacklog(client) || !isServingSingle()) return undefined;
      resumed ??= new Promise<void>((resolve) => paused.push(resolve));
      return resumed;
    },
  });

  const resumeIfFree = () => {
    if (paused.length === 0 || isServingSingle()) return;
    const resume = paused;
    paused = [];
    resumed = undefined;
    for (const each of resume) each();
  };

  /** The waiting client that may run one more task and was served least recently (a new one first), or undefined. */
  const chooseClient = (): string | undefined => {
    let chosen: string | undefined;
    const holdBacklogs = isServingSingle();
    for (const client of queues.keys()) {
      if ((runningFor.get(client) ?? 0) >= perClient) continue;
      // Held while a client with a single task is served: that task goes at the speed of one.
      if (holdBacklogs && hasBacklog(client)) continue;
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
    resumeIfFree();
  };

  /** Counts `client` as served until `servedUntil` resolves or LINGER_MS has passed. */
  const linger = (client: string, servedUntil: Promise<void>) => {
    lingering.set(client, (lingering.get(client) ?? 0) + 1);
    let timer: NodeJS.Timeout | undefined;
    const lingered = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, LINGER_MS);
      timer.unref();
    });
    void Promise.race([servedUntil, lingered]).then(() => {
      clearTimeout(timer);
      const left = (lingering.get(client) ?? 1) - 1;
      if (left > 0) lingering.set(client, left);
      else lingering.delete(client);
      startNext();
    });
  };

  const finish = (client: string, servedUntil?: Promise<void>) => {
    // A single task's client stays served while its answer is made from what the task brought.
    if (servedUntil && !hasBacklog(client)) linger(client, servedUntil);
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

  const limit = <T>(client: string, task: (turn: Turn) => Promise<T>, servedUntil?: Promise<void>): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      const start = () => {
        waiting -= 1;
        running += 1;
        runningFor.set(client, (runningFor.get(client) ?? 0) + 1);
        task(turnOf(client))
          .then(resolve, reject)
          .finally(() => finish(client, servedUntil));
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

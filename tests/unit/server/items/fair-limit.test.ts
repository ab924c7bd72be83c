// The limit the upstream's list fetches share (server/items/fair-limit.ts, decision 036): a bound on
// all, a smaller one per client, and free slots handed to the waiting clients in turn; a client with
// a backlog held while one with a single task is served (decision 057).
import { describe, expect, it, vi } from 'vitest';
import { LINGER_MS, createFairLimit, type Turn } from '../../../../server/items/fair-limit';

/** A task that ends when told to, and records when it started. */
function controlledTasks(started: string[]) {
  const finish = new Map<string, () => void>();
  const task = (name: string) => () =>
    new Promise<string>((resolve) => {
      started.push(name);
      finish.set(name, () => resolve(name));
    });
  return { task, finish: (name: string) => finish.get(name)!() };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('createFairLimit', () => {
  it('starts a new client at once while another has a backlog, and never runs more than the bounds', async () => {
    const limit = createFairLimit(2, 1);
    const started: string[] = [];
    const { task, finish } = controlledTasks(started);
    const flood = Array.from({ length: 36 }, (_, at) => limit('flooder', task(`a${at}`)));
    await settle();
    expect(started).toEqual(['a0']);
    const visitor = limit('visitor', task('b0'));
    await settle();
    // The visitor takes the slot the flooder may not: it waits for none of the 36.
    expect(started).toEqual(['a0', 'b0']);
    expect([limit.running, limit.waiting]).toEqual([2, 35]);
    finish('b0');
    expect(await visitor).toBe('b0');
    finish('a0');
    await settle();
    expect(started).toEqual(['a0', 'b0', 'a1']);
    for (let at = 1; at < 36; at += 1) {
      finish(`a${at}`);
      await settle();
    }
    expect(await Promise.all(flood)).toHaveLength(36);
    expect([limit.running, limit.waiting]).toEqual([0, 0]);
  });

  it('holds a flooding client’s next task while a client with no backlog is served (decision 057)', async () => {
    const limit = createFairLimit(2, 1);
    const started: string[] = [];
    const { task, finish } = controlledTasks(started);
    const flood = Array.from({ length: 5 }, (_, at) => limit('flooder', task(`a${at}`)));
    await settle();
    const visitor = limit('visitor', task('b0'));
    await settle();
    expect(started).toEqual(['a0', 'b0']);
    finish('a0');
    await settle();
    // A slot is free, but the flooder's next task would share the CPU with the visitor's one.
    expect(started).toEqual(['a0', 'b0']);
    expect([limit.running, limit.waiting]).toEqual([1, 4]);
    finish('b0');
    expect(await visitor).toBe('b0');
    await settle();
    expect(started).toEqual(['a0', 'b0', 'a1']);
    for (let at = 1; at < 5; at += 1) {
      finish(`a${at}`);
      await settle();
    }
    expect(await Promise.all(flood)).toHaveLength(5);
  });

  it('pauses a flooding client’s running task where it offers to, while a client with no backlog is served', async () => {
    const limit = createFairLimit(2, 1);
    const turns = new Map<string, Turn>();
    const { task, finish } = controlledTasks([]);
    const withTurn = (name: string) => (turn: Turn) => {
      turns.set(name, turn);
      return task(name)();
    };
    const flood = ['a0', 'a1'].map((name) => limit('flooder', withTurn(name)));
    await settle();
    expect(turns.get('a0')!.pause()).toBeUndefined();
    const visitor = limit('visitor', withTurn('b0'));
    await settle();
    // The visitor's own task never pauses; the flooder's waits for it.
    expect(turns.get('b0')!.pause()).toBeUndefined();
    const pause = turns.get('a0')!.pause();
    expect(pause).toBeInstanceOf(Promise);
    let resumed = false;
    void pause!.then(() => (resumed = true));
    await settle();
    expect(resumed).toBe(false);
    finish('b0');
    await visitor;
    await settle();
    expect(resumed).toBe(true);
    expect(turns.get('a0')!.pause()).toBeUndefined();
    finish('a0');
    await settle();
    finish('a1');
    await Promise.all(flood);
  });

  it('keeps holding a flooding client until a lone client’s answer is sent, not only until its task ends', async () => {
    const limit = createFairLimit(2, 1);
    const started: string[] = [];
    const { task, finish } = controlledTasks(started);
    const flood = ['a0', 'a1', 'a2'].map((name) => limit('flooder', task(name)));
    await settle();
    let sendPage = () => {};
    const pageSent = new Promise<void>((resolve) => (sendPage = resolve));
    const visitor = limit('visitor', task('b0'), pageSent);
    await settle();
    finish('a0');
    finish('b0');
    expect(await visitor).toBe('b0');
    await settle();
    // The visitor's list is in, its page not yet sent: the flooder still waits.
    expect(started).toEqual(['a0', 'b0']);
    sendPage();
    await settle();
    await settle();
    expect(started).toEqual(['a0', 'b0', 'a1']);
    finish('a1');
    await settle();
    finish('a2');
    await Promise.all(flood);
  });

  it('holds a flooding client at most LINGER_MS for an answer that is never sent', async () => {
    vi.useFakeTimers();
    try {
      const limit = createFairLimit(2, 1);
      const started: string[] = [];
      const { task, finish } = controlledTasks(started);
      const flood = ['a0', 'a1', 'a2'].map((name) => limit('flooder', task(name)));
      await vi.advanceTimersByTimeAsync(0);
      const visitor = limit('visitor', task('b0'), new Promise<void>(() => {}));
      await vi.advanceTimersByTimeAsync(0);
      finish('a0');
      finish('b0');
      await visitor;
      await vi.advanceTimersByTimeAsync(LINGER_MS - 10);
      expect(started).toEqual(['a0', 'b0']);
      await vi.advanceTimersByTimeAsync(20);
      expect(started).toEqual(['a0', 'b0', 'a1']);
      finish('a1');
      await vi.advanceTimersByTimeAsync(0);
      finish('a2');
      await Promise.all(flood);
    } finally {
      vi.useRealTimers();
    }
  });

  it('lets two clients with a backlog run side by side, and holds both while a client with one task runs', async () => {
    const limit = createFairLimit(2, 1);
    const started: string[] = [];
    const { task, finish } = controlledTasks(started);
    const all = [...['a0', 'a1', 'a2'].map((name) => limit('a', task(name))), ...['b0', 'b1', 'b2'].map((name) => limit('b', task(name)))];
    await settle();
    expect(started).toEqual(['a0', 'b0']);
    const visitor = limit('c', task('c0'));
    finish('a0');
    await settle();
    // The visitor waited for a slot, not for a1; while it runs, a1 and b1 wait though a slot is free.
    expect(started).toEqual(['a0', 'b0', 'c0']);
    finish('b0');
    await settle();
    expect(started).toEqual(['a0', 'b0', 'c0']);
    finish('c0');
    await visitor;
    await settle();
    expect(started).toEqual(['a0', 'b0', 'c0', 'a1', 'b1']);
    for (const name of ['a1', 'b1', 'a2', 'b2']) {
      finish(name);
      await settle();
    }
    expect(started).toEqual(['a0', 'b0', 'c0', 'a1', 'b1', 'a2', 'b2']);
    await Promise.all(all);
  });

  it('gives free slots to the waiting clients in turn, not to the oldest task', async () => {
    const limit = createFairLimit(1, 1);
    const started: string[] = [];
    const { task, finish } = controlledTasks(started);
    const all = [...['a0', 'a1', 'a2'].map((name) => limit('a', task(name))), ...['b0', 'b1'].map((name) => limit('b', task(name))), limit('c', task('c0'))];
    for (const name of ['a0', 'b0', 'c0', 'a1', 'b1', 'a2']) {
      await settle();
      expect(started.at(-1)).toBe(name);
      finish(name);
    }
    await Promise.all(all);
  });

  it('passes a failure on to its caller and frees the slot', async () => {
    const limit = createFairLimit(1, 1);
    await expect(limit('a', () => Promise.reject(new Error('upstream down')))).rejects.toThrow('upstream down');
    expect(await limit('a', async () => 'next')).toBe('next');
  });
});

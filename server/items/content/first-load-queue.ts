// How the first load shares the analyses of the changed files between the worker threads and the event
// loop, which serves nothing yet (decision 062). The threads are kept supplied with a few files each;
// the event loop indexes the files in order and, whenever the next one's analysis is not there yet,
// analyses the next file waiting itself instead of waiting: neither core idles while files remain.
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';

/** A changed file to analyse, and its analysis once done. */
export interface QueuedFile<A> {
  name: string;
  text: string;
  hash: string;
  /** Set once the analysis is done, wherever it ran. */
  result?: A;
  /** Set when a thread took it. */
  running?: Promise<A>;
}

export interface FirstLoadQueueOptions<A> {
  /** Sends a file to a thread; never rejects (a failure is in the answer). */
  runOnThread: (file: QueuedFile<A>) => Promise<A>;
  /** Analyses a file on the event loop, now; never throws (a failure is in the answer). */
  runHere: (file: QueuedFile<A>) => A;
  /** Files a thread may hold at once (sent, not answered); 0 while no thread can take any. */
  threadCapacity: () => number;
}

export class FirstLoadQueue<A> {
  /** Files no one has started, in file order. */
  private readonly waiting: QueuedFile<A>[] = [];
  private onThreads = 0;

  constructor(private readonly options: FirstLoadQueueOptions<A>) {}

  /** Queues a file; a thread with room takes it at once. */
  add(name: string, text: string, hash: string): QueuedFile<A> {
    const file: QueuedFile<A> = { name, text, hash };
    this.waiting.push(file);
    this.supplyThreads();
    return file;
  }

  /**
   * The analysis of a file: taken here when no thread has it; while a thread has it, the next waiting
   * files are analysed here one at a time, the event loop turning between them so that the thread's
   * answer is read as soon as it comes.
   */
  async take(file: QueuedFile<A>): Promise<A> {
    while (file.result === undefined) {
      this.supplyThreads();
      if (!file.running) {
        const at = this.waiting.indexOf(file);
        if (at >= 0) this.waiting.splice(at, 1);
        return this.runHere(file);
      }
      const next = this.waiting.shift();
      if (!next) return file.running;
      this.runHere(next);
      await yieldToEventLoop();
    }
    return file.result;
  }

  private runHere(file: QueuedFile<A>): A {
    file.result = this.options.runHere(file);
    return file.result;
  }

  private supplyThreads(): void {
    while (this.waiting.length > 0 && this.onThreads < this.options.threadCapacity()) {
      const file = this.waiting.shift()!;
      this.onThreads += 1;
      file.running = this.options.runOnThread(file).then((result) => {
        this.onThreads -= 1;
        file.result = result;
        this.supplyThreads();
        return result;
      });
    }
  }
}

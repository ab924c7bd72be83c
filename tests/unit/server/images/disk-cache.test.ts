import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DiskCache } from '../../../../server/images/disk-cache';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'disk-cache-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

describe('DiskCache', () => {
  it('makes a file once for all concurrent askers, and finds it again in a new process', async () => {
    let made = 0;
    const make = async () => {
      made += 1;
      return Buffer.from('bytes');
    };
    const cache = new DiskCache({ dir, maxBytes: 1000 });
    const answers = await Promise.all([cache.getOrMake('a.png', make), cache.getOrMake('a.png', make)]);
    expect(answers.map(String)).toEqual(['bytes', 'bytes']);
    expect(made).toBe(1);
    const restarted = new DiskCache({ dir, maxBytes: 1000 });
    expect(String(await restarted.getOrMake('a.png', make))).toBe('bytes');
    expect(made).toBe(1);
  });

  it('stays within its bytes, removing the least recently used files first', async () => {
    const cache = new DiskCache({ dir, maxBytes: 25 });
    const ten = async () => Buffer.alloc(10);
    await cache.getOrMake('a', ten);
    await cache.getOrMake('b', ten);
    await cache.getOrMake('a', ten);
    await cache.getOrMake('c', ten);
    expect((await readdir(dir)).sort()).toEqual(['a', 'c']);
    expect(cache.size).toBe(20);
  });
});

describe('DiskCache on a folder it cannot write', () => {
  it('still gives the bytes it makes, making them again each time', async () => {
    const file = path.join(dir, 'a-file');
    await writeFile(file, 'not a folder');
    const cache = new DiskCache({ dir: path.join(file, 'images'), maxBytes: 1000 });
    let made = 0;
    const make = async () => Buffer.from(`bytes ${(made += 1)}`);
    expect(String(await cache.getOrMake('a.png', make))).toBe('bytes 1');
    expect(String(await cache.getOrMake('a.png', make))).toBe('bytes 2');
  });
});

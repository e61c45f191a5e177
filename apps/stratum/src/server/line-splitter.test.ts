import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { LineSplitter } from './line-splitter.js';

describe('LineSplitter', () => {
  it('splits lines, drops a CR before the newline, and joins a line split across chunks', () => {
    const s = new LineSplitter(64);
    expect(s.push(Buffer.from('{"a":1}\r\n{"b":2}\n{"c"'))).toEqual(['{"a":1}', '{"b":2}']);
    expect(s.push(Buffer.from(':3}\r'))).toEqual([]);
    expect(s.push(Buffer.from('\n\nx\r\r\n'))).toEqual(['{"c":3}', '', 'x\r']);
  });

  it('keeps multi-byte characters split across chunks whole', () => {
    const s = new LineSplitter(64);
    const bytes = Buffer.from('"矿工"\n');
    expect(s.push(bytes.subarray(0, 2))).toEqual([]);
    expect(s.push(bytes.subarray(2))).toEqual(['"矿工"']);
  });

  it('refuses a line over the limit, whole in one chunk or grown over several', () => {
    expect(new LineSplitter(4).push(Buffer.from('12345\n'))).toBe('overflow');
    expect(new LineSplitter(4).push(Buffer.from('1234\n'))).toEqual(['1234']);
    const s = new LineSplitter(4);
    expect(s.push(Buffer.from('123'))).toEqual([]);
    expect(s.push(Buffer.from('45\n'))).toBe('overflow');
  });

  it('holds lines sent a byte at a time in little memory, not an object per byte', () => {
    // 20 connections each dripping 8,000 bytes of a line: 1.7 MB per 16 KB line before (a Buffer
    // per packet), now one buffer of at most the limit each.
    const line = `{"id":1,"method":"mining.subscribe","params":["${'x'.repeat(7950)}"]}`;
    const splitters = Array.from({ length: 20 }, () => new LineSplitter(16 * 1024));
    // Retained memory, not garbage: a full collection before each reading (the flag set at run time
    // makes gc() reachable from a new context).
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    gc();
    const before = process.memoryUsage();
    let early = 0;
    for (let i = 0; i < line.length; i++) for (const s of splitters) early += (s.push(Buffer.from(line[i]!)) as string[]).length;
    gc();
    const after = process.memoryUsage();
    const grown = after.heapUsed + after.arrayBuffers - (before.heapUsed + before.arrayBuffers);
    expect(early).toBe(0);
    expect(grown).toBeLessThan(2 * 1024 * 1024);
    for (const s of splitters) expect(s.push(Buffer.from('\n'))).toEqual([line]);
  });
});

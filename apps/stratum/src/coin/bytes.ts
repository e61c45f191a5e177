// Byte helpers for Bitcoin serialization: little-endian integers, CompactSize varints, hex order.

export function u32le(value: number): Buffer {
  const b = Buffer.alloc(4);
  b.writeUInt32LE(value >>> 0);
  return b;
}

export function u64le(value: bigint): Buffer {
  const b = Buffer.alloc(8);
  b.writeBigUInt64LE(value);
  return b;
}

/** CompactSize length prefix. */
export function varint(n: number): Buffer {
  if (n < 0xfd) return Buffer.from([n]);
  if (n <= 0xffff) {
    const b = Buffer.alloc(3);
    b[0] = 0xfd;
    b.writeUInt16LE(n, 1);
    return b;
  }
  const b = Buffer.alloc(5);
  b[0] = 0xfe;
  b.writeUInt32LE(n, 1);
  return b;
}

/** Display-order hex (block hashes, txids) to the internal byte order, and back. */
export function reversedHex(hex: string): Buffer {
  return Buffer.from(hex, 'hex').reverse();
}

export function toDisplayHex(internal: Buffer): string {
  return Buffer.from(internal).reverse().toString('hex');
}

/** Swaps the bytes inside every 4-byte word: stratum's prevhash order ↔ the header's byte order. */
export function swapWords(buf: Buffer): Buffer {
  const out = Buffer.alloc(buf.length);
  for (let i = 0; i < buf.length; i += 4) {
    for (let j = 0; j < 4; j++) out[i + j] = buf[i + 3 - j]!;
  }
  return out;
}

export function isHex(value: unknown, bytes: number): value is string {
  return typeof value === 'string' && value.length === bytes * 2 && /^[0-9a-fA-F]*$/.test(value);
}

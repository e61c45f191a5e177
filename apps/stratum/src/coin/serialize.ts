// Bitcoin serialization pieces the job builder and the block assembler need.

export function varInt(n: number): Buffer {
  if (n < 0xfd) return Buffer.from([n]);
  if (n <= 0xffff) return Buffer.from([0xfd, n & 0xff, n >> 8]);
  const b = Buffer.alloc(5);
  b[0] = 0xfe;
  b.writeUInt32LE(n, 1);
  return b;
}

/** A script push of `data` (the minimal opcode for its length). */
export function pushData(data: Buffer): Buffer {
  if (data.length < 0x4c) return Buffer.concat([Buffer.from([data.length]), data]);
  if (data.length <= 0xff) return Buffer.concat([Buffer.from([0x4c, data.length]), data]);
  throw new RangeError('push too long for a coinbase');
}

/** BIP 34: the block height as a minimally encoded script number, pushed. */
export function heightPush(height: number): Buffer {
  if (height >= 1 && height <= 16) return Buffer.from([0x50 + height]); // OP_1 … OP_16
  if (height === 0) return Buffer.from([0x00]);
  const bytes: number[] = [];
  let h = height;
  while (h > 0) {
    bytes.push(h & 0xff);
    h = Math.floor(h / 256);
  }
  if ((bytes.at(-1)! & 0x80) !== 0) bytes.push(0); // keep it positive
  return pushData(Buffer.from(bytes));
}

export function uint32LE(n: number): Buffer {
  const b = Buffer.alloc(4);
  b.writeUInt32LE(n >>> 0, 0);
  return b;
}

export function uint64LE(n: bigint): Buffer {
  const b = Buffer.alloc(8);
  b.writeBigUInt64LE(n, 0);
  return b;
}

/** Hex of a display-order hash (as RPC shows it) in internal byte order. */
export const internalOrder = (displayHex: string): Buffer => Buffer.from(displayHex, 'hex').reverse();

/** Each 4-byte word with its bytes reversed: stratum's order of the previous block hash. */
export function swap32(bytes: Buffer): Buffer {
  const out = Buffer.from(bytes);
  for (let i = 0; i < out.length; i += 4) out.subarray(i, i + 4).reverse();
  return out;
}

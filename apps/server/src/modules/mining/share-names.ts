// Worker names cross from a decoder thread (share-decoder.ts) once, not in every batch. A large pool's
// batch names about as many workers as it has shares (each worker sends a share every few seconds),
// and the same names come again in every batch. Copied between threads they were ten thousand new
// strings a batch for the server's thread to read, hash and look up (bench:ingest). Now the thread
// numbers each name the first time it sends it and afterwards sends only the number; the server's
// thread keeps the names it was sent, by number, and gives the batch back its names from there:
// the same strings each time, whose hashes V8 has already computed.

/** Names one thread remembers before it starts over (its numbers are then sent again). */
export const MAX_REMEMBERED_NAMES = 1 << 20;

/** A batch's worker names as numbers, with the names the receiver has not been sent yet. */
export interface NumberedNames {
  /** Starts at 0 and grows each time the sender forgets its names. */
  generation: number;
  /** The number of the first of `added`. */
  start: number;
  added: string[];
  /** By the batch's worker index, the number of its name. */
  numbers: Int32Array;
}

/** The decoder thread's side. */
export class NameNumbering {
  private readonly numbers = new Map<string, number>();
  private generation = 0;

  constructor(private readonly limit = MAX_REMEMBERED_NAMES) {}

  number(names: readonly string[]): NumberedNames {
    if (this.numbers.size + names.length > this.limit) {
      this.numbers.clear();
      this.generation++;
    }
    const start = this.numbers.size;
    const added: string[] = [];
    const numbers = new Int32Array(names.length);
    for (let i = 0; i < names.length; i++) {
      const name = names[i]!;
      let n = this.numbers.get(name);
      if (n === undefined) {
        n = start + added.length;
        this.numbers.set(name, n);
        added.push(name);
      }
      numbers[i] = n;
    }
    return { generation: this.generation, start, added, numbers };
  }
}

/** The server thread's side, one per decoder thread: messages from a thread arrive in order. */
export class NameBook {
  private names: string[] = [];
  private generation = 0;

  /** The batch's worker names, by its worker index. */
  read(numbered: NumberedNames): string[] {
    if (numbered.generation !== this.generation) {
      this.names = [];
      this.generation = numbered.generation;
    }
    if (numbered.start !== this.names.length) throw new Error(`worker names out of order: ${numbered.start} sent, ${this.names.length} known`);
    for (const name of numbered.added) this.names.push(name);
    const names = new Array<string>(numbered.numbers.length);
    for (let i = 0; i < names.length; i++) names[i] = this.names[numbered.numbers[i]!]!;
    return names;
  }
}

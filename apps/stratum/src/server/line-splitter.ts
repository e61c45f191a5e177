// Newline-delimited framing with a hard limit: a line longer than maxLine bytes is an error (the
// connection is closed), so a peer that never sends a newline cannot grow the buffer.
export class LineSplitter {
  /**
   * The bytes of a line begun in an earlier chunk, in `partial[0, size)`: one buffer that doubles
   * as it fills, so a peer sending its line a byte per packet costs at most twice the line, not a
   * Buffer object per byte (16 KB dripped so held 1.7 MB). Dropped once the line ends.
   */
  private partial: Buffer | undefined;
  private size = 0;

  constructor(private readonly maxLine: number) {}

  /** The complete lines in this chunk, or 'overflow' when a line exceeds the limit. */
  push(chunk: Buffer): string[] | 'overflow' {
    const lines: string[] = [];
    let start = 0;
    for (;;) {
      const nl = chunk.indexOf(0x0a, start);
      if (nl === -1) break;
      if (this.size + nl - start > this.maxLine) return 'overflow';
      let line: string;
      if (this.size) {
        line = Buffer.concat([this.partial!.subarray(0, this.size), chunk.subarray(start, nl)]).toString('utf8');
        if (line.endsWith('\r')) line = line.slice(0, -1);
        this.partial = undefined;
        this.size = 0;
      } else {
        // The common case, a whole line inside the chunk: decoded in place, without a Buffer view
        // per line, and without its CR.
        line = chunk.toString('utf8', start, nl > start && chunk[nl - 1] === 0x0d ? nl - 1 : nl);
      }
      lines.push(line);
      start = nl + 1;
    }
    const rest = chunk.length - start;
    if (rest) {
      const size = this.size + rest;
      if (size > this.maxLine) return 'overflow';
      if (!this.partial || this.partial.length < size) {
        // Not from Node's shared pool (allocUnsafe below 4 KB): a slice of it would keep its whole
        // 8 KB slab alive for as long as the line stays unfinished.
        const grown = Buffer.allocUnsafeSlow(Math.min(this.maxLine, Math.max(size, 2 * (this.partial?.length ?? 0), 256)));
        this.partial?.copy(grown, 0, 0, this.size);
        this.partial = grown;
      }
      chunk.copy(this.partial, this.size, start);
      this.size = size;
    }
    return lines;
  }
}

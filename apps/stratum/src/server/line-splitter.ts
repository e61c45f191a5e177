// Newline-delimited framing with a hard limit: a line longer than maxLine bytes is an error (the
// connection is closed), so a peer that never sends a newline cannot grow the buffer.
export class LineSplitter {
  private parts: Buffer[] = [];
  private size = 0;

  constructor(private readonly maxLine: number) {}

  /** The complete lines in this chunk, or 'overflow' when a line exceeds the limit. */
  push(chunk: Buffer): string[] | 'overflow' {
    const lines: string[] = [];
    let start = 0;
    for (;;) {
      const nl = chunk.indexOf(0x0a, start);
      if (nl === -1) break;
      const piece = chunk.subarray(start, nl);
      if (this.size + piece.length > this.maxLine) return 'overflow';
      const line = this.size ? Buffer.concat([...this.parts, piece]).toString('utf8') : piece.toString('utf8');
      this.parts = [];
      this.size = 0;
      lines.push(line.endsWith('\r') ? line.slice(0, -1) : line);
      start = nl + 1;
    }
    const rest = chunk.subarray(start);
    if (rest.length) {
      if (this.size + rest.length > this.maxLine) return 'overflow';
      this.parts.push(Buffer.from(rest));
      this.size += rest.length;
    }
    return lines;
  }
}

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
      if (this.size + nl - start > this.maxLine) return 'overflow';
      let line: string;
      if (this.size) {
        line = Buffer.concat([...this.parts, chunk.subarray(start, nl)]).toString('utf8');
        if (line.endsWith('\r')) line = line.slice(0, -1);
        this.parts = [];
        this.size = 0;
      } else {
        // The common case, a whole line inside the chunk: decoded in place, without a Buffer view
        // per line, and without its CR.
        line = chunk.toString('utf8', start, nl > start && chunk[nl - 1] === 0x0d ? nl - 1 : nl);
      }
      lines.push(line);
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

// One simulated miner of the load generator: logs in as `benchfarm.w<n>`, takes the job of the
// first mining.notify and submits shares of it with unique (extranonce2, nonce) pairs. Answers are
// read with string scans rather than JSON.parse: the generator shares two cores with the server
// under test, and every microsecond it spends is one the server does not get.
import { connect, type Socket } from 'node:net';

export interface AnswerSink {
  /** One answer to a submission: whether it was accepted, its error code otherwise, and its latency. */
  answer(accepted: boolean, code: number, latencyMs: number): void;
}

const hex8 = (n: number) => (n >>> 0).toString(16).padStart(8, '0');

export class LoadConnection {
  readonly ready: Promise<void>;
  /** Submissions sent and not answered yet: request id → performance.now() at write. */
  readonly outstanding = new Map<number, number>();
  sink: AnswerSink | undefined;
  closed = false;
  private readonly socket: Socket;
  private rest = '';
  private nextId = 3;
  private counter = 0;
  private jobId = '';
  private ntime = '';
  private markReady!: () => void;

  constructor(
    port: number,
    localAddress: string,
    private readonly user: string,
    onFail: (reason: string) => void,
  ) {
    this.ready = new Promise((resolve) => (this.markReady = resolve));
    this.socket = connect({ port, host: '127.0.0.1', localAddress, noDelay: true });
    this.socket.setEncoding('latin1');
    this.socket.on('connect', () => {
      this.socket.write(
        `{"id":1,"method":"mining.subscribe","params":["hashpool-bench/1"]}\n{"id":2,"method":"mining.authorize","params":["${user}","x"]}\n`,
      );
    });
    this.socket.on('data', (text: string) => this.onData(text));
    this.socket.on('error', (err) => onFail(err.message));
    this.socket.on('close', () => {
      if (!this.closed) onFail('closed by the server');
      this.closed = true;
    });
  }

  /** Writes `count` submissions in one write. */
  submit(count: number): void {
    if (this.closed || !this.jobId) return;
    let lines = '';
    const now = performance.now();
    for (let i = 0; i < count; i++) {
      const id = this.nextId++;
      const n = this.counter++;
      // A new nonce each time (the extranonce2 after 2^32 of them): never a duplicate.
      lines += `{"id":${id},"method":"mining.submit","params":["${this.user}","${this.jobId}","${hex8(n / 2 ** 32)}","${this.ntime}","${hex8(n)}"]}\n`;
      this.outstanding.set(id, now);
    }
    this.socket.write(lines);
  }

  close(): void {
    this.closed = true;
    this.socket.destroy();
  }

  private onData(text: string): void {
    const chunk = this.rest + text;
    let start = 0;
    for (let nl = chunk.indexOf('\n'); nl !== -1; nl = chunk.indexOf('\n', start)) {
      this.onLine(chunk.slice(start, nl));
      start = nl + 1;
    }
    this.rest = chunk.slice(start);
  }

  private onLine(line: string): void {
    if (line.startsWith('{"id":null')) {
      if (!this.jobId && line.includes('"mining.notify"')) {
        const params = (JSON.parse(line) as { params: string[] }).params;
        this.jobId = params[0]!;
        this.ntime = params[7]!;
        this.markReady();
      }
      return;
    }
    const id = parseInt(line.slice(6), 10);
    const sentAt = this.outstanding.get(id);
    if (sentAt === undefined) return; // the login's answers
    this.outstanding.delete(id);
    const accepted = line.includes('"result":true');
    const errorAt = line.indexOf('"error":[');
    const code = accepted || errorAt < 0 ? 0 : parseInt(line.slice(errorAt + 9), 10);
    this.sink?.answer(accepted, code, performance.now() - sentAt);
  }
}

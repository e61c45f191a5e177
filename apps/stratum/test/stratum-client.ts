// A line-based Stratum client for the tests: sends JSON lines and waits for messages by predicate.
import { connect, type Socket } from 'node:net';

export type Msg = { id?: unknown; method?: string; params?: unknown[]; result?: unknown; error?: [number, string, null] | null };

export class TestClient {
  readonly messages: Msg[] = [];
  private buffer = '';
  private waiters: Array<{ pred: (m: Msg) => boolean; resolve: (m: Msg) => void; from: number }> = [];
  private nextId = 1;
  readonly closed: Promise<void>;
  isClosed = false;

  private constructor(readonly socket: Socket) {
    socket.setEncoding('utf8');
    socket.on('data', (d: string) => {
      this.buffer += d;
      let nl: number;
      while ((nl = this.buffer.indexOf('\n')) >= 0) {
        const line = this.buffer.slice(0, nl);
        this.buffer = this.buffer.slice(nl + 1);
        const msg = JSON.parse(line) as Msg;
        this.messages.push(msg);
        this.waiters = this.waiters.filter((w) => {
          if (w.pred(msg)) {
            w.resolve(msg);
            return false;
          }
          return true;
        });
      }
    });
    socket.on('error', () => undefined);
    this.closed = new Promise((resolve) => socket.on('close', () => {
      this.isClosed = true;
      resolve();
    }));
  }

  static open(port: number, host = '127.0.0.1'): Promise<TestClient> {
    return new Promise((resolve, reject) => {
      const s = connect(port, host, () => resolve(new TestClient(s)));
      s.once('error', reject);
    });
  }

  raw(text: string | Buffer): void {
    this.socket.write(text);
  }

  send(method: string, params: unknown[] = []): number {
    const id = this.nextId++;
    this.raw(`${JSON.stringify({ id, method, params })}\n`);
    return id;
  }

  /** Sends a request and waits for its answer. */
  async call(method: string, params: unknown[] = []): Promise<Msg> {
    const id = this.send(method, params);
    return this.wait((m) => m.id === id);
  }

  /** The first message (already received or coming) that matches. */
  wait(pred: (m: Msg) => boolean, timeoutMs = 10_000): Promise<Msg> {
    const have = this.messages.find(pred);
    if (have) return Promise.resolve(have);
    return new Promise((resolve, reject) => {
      const t = setTimeout(() => reject(new Error(`timeout waiting; got ${JSON.stringify(this.messages.slice(-5))}`)), timeoutMs);
      this.waiters.push({ pred, resolve: (m) => { clearTimeout(t); resolve(m); }, from: this.messages.length });
    });
  }

  /** Waits for the next message after the ones seen so far that matches. */
  waitNew(pred: (m: Msg) => boolean, timeoutMs = 10_000): Promise<Msg> {
    const seen = this.messages.length;
    return this.wait((m) => this.messages.indexOf(m) >= seen && pred(m), timeoutMs).catch(async (e) => {
      throw e;
    });
  }

  /** Subscribes and authorizes; returns the extranonce1. */
  async login(user = 'myfarm01.rig1', resume?: string): Promise<string> {
    const sub = await this.call('mining.subscribe', resume ? ['test/1.0', resume] : ['test/1.0']);
    const auth = await this.call('mining.authorize', [user, 'x']);
    if (auth.result !== true) throw new Error(`authorize failed: ${JSON.stringify(auth)}`);
    return (sub.result as [unknown, string, number])[1];
  }

  close(): void {
    this.socket.destroy();
  }
}

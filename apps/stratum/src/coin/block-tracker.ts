// Follows the pool's blocks on the node until they mature: `confirmations` events as they grow,
// `orphaned` when a block leaves the main chain (getblockheader answers confirmations -1). The
// list survives a restart (a JSON file written atomically in the data directory).
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { NodeRpc } from './rpc';
import type { BlockEventSink, Logger } from './types';

interface Followed {
  hash: string;
  height: number;
  confirmations: number;
}

export class BlockTracker {
  private blocks: Followed[] = [];
  private readonly file: string;

  constructor(private readonly d: { coin: string; rpc: NodeRpc; dataDir: string; maturity: number; sink: BlockEventSink; log: Logger }) {
    this.file = path.join(d.dataDir, `blocks-${d.coin}.json`);
  }

  async load(): Promise<void> {
    await mkdir(this.d.dataDir, { recursive: true });
    try {
      this.blocks = JSON.parse(await readFile(this.file, 'utf8')) as Followed[];
    } catch {
      this.blocks = [];
    }
  }

  follow(hash: string, height: number): void {
    if (this.blocks.some((b) => b.hash === hash)) return;
    this.blocks.push({ hash, height, confirmations: 0 });
    void this.save();
  }

  /** One pass over the followed blocks (called every second; cheap: one call per pending block). */
  async check(): Promise<void> {
    if (this.blocks.length === 0) return;
    let changed = false;
    for (const b of [...this.blocks]) {
      const header = await this.d.rpc.call<{ confirmations: number }>('getblockheader', [b.hash]).catch(() => null);
      if (!header) continue;
      if (header.confirmations < 0) {
        this.d.sink.publish({ type: 'orphaned', coin: this.d.coin, hash: b.hash });
        this.d.log.info('block orphaned', { coin: this.d.coin, height: b.height, hash: b.hash });
        this.blocks = this.blocks.filter((x) => x !== b);
        changed = true;
        continue;
      }
      if (header.confirmations !== b.confirmations) {
        b.confirmations = header.confirmations;
        this.d.sink.publish({ type: 'confirmations', coin: this.d.coin, hash: b.hash, confirmations: header.confirmations });
        changed = true;
      }
      if (header.confirmations >= Math.max(1, this.d.maturity)) {
        this.blocks = this.blocks.filter((x) => x !== b);
        changed = true;
      }
    }
    if (changed) await this.save();
  }

  private async save(): Promise<void> {
    const temporary = `${this.file}.tmp`;
    await writeFile(temporary, JSON.stringify(this.blocks));
    await rename(temporary, this.file);
  }
}

// Merkle branch of the coinbase (its position is always 0): the sibling hashes a miner folds the
// coinbase txid with, bottom up. Odd levels repeat their last hash, as Bitcoin's tree does.
import { sha256d } from './algorithm';

/** txids in internal byte order, without the coinbase. */
export function merkleBranch(txids: Buffer[]): Buffer[] {
  const branch: Buffer[] = [];
  // level[0] stands for the (unknown) coinbase side: it is never hashed, only its sibling is kept.
  let level: (Buffer | null)[] = [null, ...txids];
  while (level.length > 1) {
    branch.push(level[1]!);
    const next: (Buffer | null)[] = [null];
    for (let i = 2; i < level.length; i += 2) {
      const left = level[i]!;
      const right = level[i + 1] ?? left;
      next.push(sha256d(Buffer.concat([left, right])));
    }
    level = next;
  }
  return branch;
}

/** Folds a coinbase txid (internal order) with a branch into the merkle root (internal order). */
export function merkleRootFromBranch(coinbaseTxid: Buffer, branch: Buffer[]): Buffer {
  let root = coinbaseTxid;
  for (const sibling of branch) root = sha256d(Buffer.concat([root, sibling]));
  return root;
}

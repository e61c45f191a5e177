// The parts of a getblocktemplate answer (BIP 22/23, BIP 141, Litecoin's MWEB) that we use.
export interface TemplateTransaction {
  /** Transaction in the node's serialization (with witness when it has one). */
  data: string;
  /** Display-order txid (no witness): what the merkle tree of the header is built from. */
  txid: string;
  hash?: string;
}

export interface BlockTemplate {
  version: number;
  previousblockhash: string;
  transactions: TemplateTransaction[];
  coinbasevalue: number;
  longpollid?: string;
  target: string;
  mintime?: number;
  curtime: number;
  bits: string;
  height: number;
  default_witness_commitment?: string;
  /** Litecoin after MWEB activation: appended (after a 0x01 byte) to the block for submitblock. */
  mweb?: string;
}

// ALEO's prover staking (ARC-46, enforced by snarkVM since 2025-07-31): a prover may land one
// puzzle solution per epoch for each `stake per solution` it has bonded. The pool stakes for its
// miners; the stake calculator of the aleo pages turns a hashrate into the stake it needs.
//
// An epoch is 360 blocks; at ALEO's 10-second block time, an hour.
export const ALEO_EPOCH_SECONDS = 360 * 10;

/**
 * The published schedule (snarkVM ledger/src/is_solution_limit_reached.rs,
 * MAINNET_STAKE_REQUIREMENTS_PER_SOLUTION, there in microcredits; source:
 * https://docs.rs/snarkvm-ledger/latest/src/snarkvm_ledger/is_solution_limit_reached.rs.html),
 * in ALEO credits: each entry applies from its instant
 * until the next; before the first, nothing is required. Seeded into aleo_stake_schedule, which
 * operators maintain (a change of the network's schedule is an operator's edit, not a deploy).
 */
export const ALEO_STAKE_SCHEDULE_SEED: ReadonlyArray<{ from: string; perSolution: string }> = [
  { from: '2025-07-31T23:59:59Z', perSolution: '100000' },
  { from: '2025-10-31T23:59:59Z', perSolution: '250000' },
  { from: '2026-01-31T23:59:59Z', perSolution: '500000' },
  { from: '2026-04-30T23:59:59Z', perSolution: '750000' },
  { from: '2026-07-31T23:59:59Z', perSolution: '1000000' },
  { from: '2026-10-31T23:59:59Z', perSolution: '1250000' },
  { from: '2027-01-31T23:59:59Z', perSolution: '1500000' },
  { from: '2027-04-30T23:59:59Z', perSolution: '2000000' },
  { from: '2027-07-31T23:59:59Z', perSolution: '2500000' },
];

// Independent parts of a background pass (steps, coins, blocks, days): one that fails must not
// stop the others (a coin's node down, one block's bad row), yet its failure must not be lost.
/**
 * Runs `work` for every item, in order, even when one fails; then throws what failed: the one
 * error, or an AggregateError of all (each error named by its item's `label` as `step`, after the labels of the passes it ran in).
 */
export async function runEach<T>(what: string, items: Iterable<T>, work: (item: T) => Promise<unknown>, label: (item: T) => string = String): Promise<void> {
  const failed: unknown[] = [];
  for (const item of items) {
    try {
      await work(item);
    } catch (error) {
      // Nested passes name the whole path (days/2027-01-20/btc), not only the outer step.
      const inner = error instanceof Error ? (error as { step?: string }).step : undefined;
      failed.push(error instanceof Error ? Object.assign(error, { step: inner ? `${label(item)}/${inner}` : label(item) }) : error);
    }
  }
  if (failed.length === 1) throw failed[0];
  if (failed.length > 1) throw new AggregateError(failed, `${what} failed: ${failed.map((e) => (e as { step?: string }).step).join(', ')}`);
}

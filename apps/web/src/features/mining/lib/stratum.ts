// What a miner enters, as the connect guide shows it: the example worker, the password the pool
// ignores, and a cgminer-style configuration (cgminer, bmminer: the `pools` list of their .conf).

/** The example worker in "<sub-account>.<worker>". */
export const EXAMPLE_WORKER = 'worker1';
/** The pool ignores the stratum password; miners' software insists on one, so suggest the usual "x". */
export const EXAMPLE_PASSWORD = 'x';
/** cgminer tries its pools in order: three are plenty for an example. */
export const EXAMPLE_POOLS = 3;

/** cgminer.conf / bmminer.conf: the `pools` list, one entry per URL (at most three), failover in that order. */
export function minerConfigExample(urls: string[], user: string): string {
  return JSON.stringify({ pools: urls.slice(0, EXAMPLE_POOLS).map((url) => ({ url, user, pass: EXAMPLE_PASSWORD })) }, null, 2);
}

// Counts recent failures per key (a login identifier) within a window. After a few, login asks
// for a captcha on every further try instead of locking the account: an attacker can make the
// owner solve a captcha, never keep the owner out (SECURITY-CHECKLIST item 4).
import type { Clock } from './clock';

export class FailureCounter {
  private readonly failures = new Map<string, number[]>();
  constructor(
    private readonly clock: Clock,
    private readonly windowMs: number,
  ) {}

  private recent(key: string): number[] {
    const cutoff = this.clock.now().getTime() - this.windowMs;
    const list = (this.failures.get(key) ?? []).filter((t) => t > cutoff);
    if (list.length) this.failures.set(key, list);
    else this.failures.delete(key);
    return list;
  }

  count(key: string): number {
    return this.recent(key).length;
  }

  add(key: string): void {
    const list = this.recent(key);
    list.push(this.clock.now().getTime());
    this.failures.set(key, list.slice(-100));
  }

  clear(key: string): void {
    this.failures.delete(key);
  }
}

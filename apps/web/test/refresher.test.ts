// One refresh at a time across tabs (docs/rules.md, States and transitions). Two "tabs" share one fake localStorage
// and one fake server that behaves like ours (apps/server session.service.ts): every refresh
// rotates the refresh token, and a rotated token shown again revokes the whole login. With the
// lock and the re-read inside it, two tabs refreshing together make one call and both keep the
// session; a test without the lock shows the same situation ending the session, so the
// fixtures can tell the difference.
import { describe, expect, it } from 'vitest';
import { ApiError } from '../src/shell/api/api-error';
import { createRefresher, type RefreshDeps } from '../src/shell/api/refresher';
import type { StoredSession } from '../src/shell/api/refresh-rules';
import { withStorageLock, type LockStorage } from '../src/shell/api/refresh-lock';

const T0 = 1_800_000_000_000;
const LIFETIME_S = 40;

class FakeServer {
  calls = 0;
  revoked = false;
  private live = 'r0';
  private spent = new Set<string>();
  private serial = 0;

  async refresh(refreshToken: string) {
    this.calls++;
    await new Promise((resolve) => setTimeout(resolve, 5)); // a network round trip
    if (this.revoked) throw new ApiError({ kind: 'server', code: 40002, status: 401, msg: 'refresh_invalid' });
    if (this.spent.has(refreshToken)) {
      this.revoked = true; // reuse: someone holds a copy
      throw new ApiError({ kind: 'server', code: 40002, status: 401, msg: 'refresh_invalid' });
    }
    if (refreshToken !== this.live) throw new ApiError({ kind: 'server', code: 40002, status: 401, msg: 'refresh_invalid' });
    this.spent.add(refreshToken);
    this.serial++;
    this.live = `r${this.serial}`;
    return { token: `a${this.serial}`, refresh_token: this.live, expires_in: LIFETIME_S };
  }
}

/** localStorage as two tabs of one origin see it. */
class SharedStorage implements LockStorage {
  private data = new Map<string, string>();
  getItem(key: string) {
    return this.data.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.data.set(key, value);
  }
  removeItem(key: string) {
    this.data.delete(key);
  }
}

/** navigator.locks for one name: callbacks run one after another, told whether they had to wait. */
function webLock() {
  let tail: Promise<unknown> = Promise.resolve();
  let held = 0;
  return <T>(fn: (waited: boolean) => Promise<T>): Promise<T> => {
    const waited = held > 0;
    held++;
    const go = () => fn(waited);
    const run = tail.then(go, go).finally(() => held--);
    tail = run.catch(() => undefined);
    return run;
  };
}

/** Takes the lock as another tab would and keeps it until the returned function is called. */
async function hold(lock: ReturnType<typeof webLock>): Promise<() => void> {
  let release!: () => void;
  let taken!: () => void;
  const inside = new Promise<void>((resolve) => (taken = resolve));
  void lock(
    () =>
      new Promise<void>((resolve) => {
        release = resolve;
        taken();
      }),
  );
  await inside;
  return release;
}

/**
 * RefreshDeps.waitFor over a test's own change signal: `subscribe` registers a listener called at
 * each change of what the tab reads; resolves when `done()` holds or after `ms` (real time).
 */
function settleOn(subscribe: (listener: () => void) => void) {
  return (done: () => boolean, ms: number) =>
    new Promise<void>((resolve) => {
      if (done()) return resolve();
      const timeout = setTimeout(resolve, ms);
      subscribe(() => {
        if (!done()) return;
        clearTimeout(timeout);
        resolve();
      });
    });
}

function world() {
  const storage = new SharedStorage();
  const server = new FakeServer();
  const session: StoredSession = { token: 'a0', refreshToken: 'r0', issuedAt: T0, expiry: T0 + LIFETIME_S * 1000 };
  storage.setItem('session', JSON.stringify(session));
  let now = T0 + 30_000; // in the last third: due
  const ended: string[] = [];
  const tab = (name: string, withLock: RefreshDeps['withLock']) =>
    createRefresher({
      read: () => JSON.parse(storage.getItem('session') ?? 'null') as StoredSession | null,
      store: (next) => storage.setItem('session', JSON.stringify(next)),
      end: () => {
        ended.push(name);
        storage.removeItem('session');
      },
      request: (token) => server.refresh(token),
      withLock,
      waitFor: settleOn(() => undefined),
      now: () => now,
    });
  return {
    storage,
    server,
    ended,
    tab,
    stored: () => JSON.parse(storage.getItem('session') ?? 'null') as StoredSession | null,
    setNow: (t: number) => {
      now = t;
    },
  };
}

describe('refresher across tabs', () => {
  it('two tabs refreshing at once (navigator.locks): one call, both keep the session', async () => {
    const w = world();
    const lock = webLock();
    const [a, b] = [w.tab('a', lock), w.tab('b', lock)];
    expect(await Promise.all([a.refresh(), b.refresh()])).toEqual(['refreshed', 'refreshed']);
    expect(w.server.calls).toBe(1);
    expect(w.server.revoked).toBe(false);
    expect(w.stored()?.refreshToken).toBe('r1');
    expect(w.ended).toEqual([]);
  });

  it('two tabs refreshing at once (localStorage lock): one call, both keep the session', async () => {
    const w = world();
    const lock = <T>(fn: (waited: boolean) => Promise<T>) => withStorageLock(w.storage, 'refresh_lock', fn);
    const [a, b] = [w.tab('a', lock), w.tab('b', lock)];
    expect(await Promise.all([a.ensureFresh(), b.ensureFresh()])).toEqual([undefined, undefined]);
    expect(w.server.calls).toBe(1);
    expect(w.server.revoked).toBe(false);
    expect(w.stored()?.token).toBe('a1');
    expect(w.storage.getItem('refresh_lock')).toBeNull(); // released
  });

  it('without the lock the same race spends one token twice and the server ends the login', async () => {
    const w = world();
    const noLock = <T>(fn: (waited: boolean) => Promise<T>) => fn(false);
    const [a, b] = [w.tab('a', noLock), w.tab('b', noLock)];
    const outcomes = await Promise.all([a.refresh(), b.refresh()]);
    expect(w.server.calls).toBe(2);
    expect(w.server.revoked).toBe(true);
    expect(outcomes).toContain('failed');
  });

  it("a tab granted the lock before the other tab's stored tokens reach it waits for them and adopts them", async () => {
    // Two renderer processes: a write reaches the other tab's view of localStorage a little later,
    // and the lock (granted by the browser process) may come first.
    const server = new FakeServer();
    const first: StoredSession = { token: 'a0', refreshToken: 'r0', issuedAt: T0, expiry: T0 + LIFETIME_S * 1000 };
    const views = { a: first, b: first };
    const listeners: Array<() => void> = [];
    const lock = webLock();
    const tab = (name: 'a' | 'b', lagMs: number) =>
      createRefresher({
        read: () => views[name],
        store: (next) => {
          views[name] = next;
          const other = name === 'a' ? 'b' : 'a';
          setTimeout(() => {
            views[other] = next;
            for (const l of listeners) l();
          }, lagMs);
        },
        end: () => undefined,
        request: (token) => server.refresh(token),
        withLock: lock,
        waitFor: settleOn((l) => listeners.push(l)),
        now: () => T0 + 30_000,
      });
    const [a, b] = [tab('a', 40), tab('b', 40)];
    expect(await Promise.all([a.refresh(), b.refresh()])).toEqual(['refreshed', 'refreshed']);
    expect(server.calls).toBe(1);
    expect(server.revoked).toBe(false);
    expect(views.b.refreshToken).toBe('r1');
  });

  it('a tab that waited for the lock adopts the tokens stored meanwhile and makes no call', async () => {
    const w = world();
    const lock = webLock();
    const release = await hold(lock); // another tab is refreshing
    const pending = w.tab('b', lock).refresh(); // b sets out with r0
    w.storage.setItem('session', JSON.stringify({ ...w.stored(), token: 'a1', refreshToken: 'r1' })); // the other tab stores its result
    release();
    expect(await pending).toBe('refreshed');
    expect(w.server.calls).toBe(0);
    expect(w.stored()?.refreshToken).toBe('r1');
  });
});

describe('refresher in one tab', () => {
  it('joins a refresh under way instead of starting another', async () => {
    const w = world();
    const a = w.tab('a', webLock());
    await Promise.all([a.refresh(), a.refresh(), a.ensureFresh(), a.ensureFresh()]);
    expect(w.server.calls).toBe(1);
  });

  it('refreshes before a call only when the rule says so', async () => {
    const w = world();
    const a = w.tab('a', webLock());
    w.setNow(T0 + 20_000); // 20 s left, 20 s since login: not yet
    await a.ensureFresh();
    expect(w.server.calls).toBe(0);
    w.setNow(T0 + 27_000);
    await a.ensureFresh();
    expect(w.server.calls).toBe(1);
    // The new token was received "now": not due again at once.
    await a.ensureFresh();
    expect(w.server.calls).toBe(1);
  });

  it('ends the session when the server refuses the refresh', async () => {
    const w = world();
    w.server.revoked = true;
    expect(await w.tab('a', webLock()).refresh()).toBe('failed');
    expect(w.ended).toEqual(['a']);
    expect(w.stored()).toBeNull();
  });

  it('keeps the session when the refresh gets no answer', async () => {
    const w = world();
    const a = createRefresher({
      read: () => w.stored(),
      store: () => undefined,
      end: () => w.ended.push('a'),
      request: () => Promise.reject(new ApiError({ kind: 'network' })),
      withLock: webLock(),
      waitFor: settleOn(() => undefined),
      now: () => T0 + 30_000,
    });
    expect(await a.refresh()).toBe('transient');
    expect(w.ended).toEqual([]);
    expect(w.stored()?.refreshToken).toBe('r0');
  });

  it('has nothing to do without a session, or when it was ended while waiting for the lock', async () => {
    const w = world();
    w.storage.removeItem('session');
    expect(await w.tab('a', webLock()).refresh()).toBe('gone');

    const v = world();
    const lock = webLock();
    const release = await hold(lock); // another tab holds the lock
    const pending = v.tab('b', lock).refresh();
    v.storage.removeItem('session'); // logged out meanwhile
    release();
    expect(await pending).toBe('gone');
    expect(v.server.calls).toBe(0);
  });
});

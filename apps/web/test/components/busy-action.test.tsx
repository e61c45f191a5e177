// useBusyAction: a second run while the first is in progress (Enter pressed twice in a FormDialog,
// Enter and a click) is skipped, even within the same tick; once it settles, the next run goes.
import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useBusyAction } from '../../src/ui/useBusyAction';

function deferred() {
  let resolve!: () => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('useBusyAction', () => {
  it('runs the action once for two synchronous calls, and again after it has settled', async () => {
    let pending = deferred();
    const action = vi.fn(() => pending.promise);
    const onDone = vi.fn();
    const { result } = renderHook(() => useBusyAction(action, onDone));

    let first!: Promise<void>;
    let second!: Promise<void>;
    act(() => {
      first = result.current.run();
      second = result.current.run();
    });
    expect(action).toHaveBeenCalledTimes(1);
    expect(result.current.busy).toBe(true);
    // A call after a re-render, still while busy, is skipped too.
    await act(async () => {
      await result.current.run();
    });
    expect(action).toHaveBeenCalledTimes(1);

    await act(async () => {
      pending.resolve();
      await Promise.all([first, second]);
    });
    expect(onDone).toHaveBeenCalledTimes(1);
    expect(result.current.busy).toBe(false);

    pending = deferred();
    act(() => {
      void result.current.run();
    });
    expect(action).toHaveBeenCalledTimes(2);
    await act(async () => pending.resolve());
  });

  it('lets a retry run after a failure', async () => {
    const pending = deferred();
    const action = vi.fn(() => pending.promise);
    const onError = vi.fn();
    const { result } = renderHook(() => useBusyAction(action, () => undefined, onError));
    let first!: Promise<void>;
    act(() => {
      first = result.current.run();
    });
    await act(async () => {
      pending.reject(new Error('refused'));
      await first;
    });
    expect(onError).toHaveBeenCalledTimes(1);
    action.mockImplementation(() => Promise.resolve());
    await act(async () => {
      await result.current.run();
    });
    expect(action).toHaveBeenCalledTimes(2);
  });
});

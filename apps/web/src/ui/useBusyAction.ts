// A dialog's one action and its progress: `busy` while it runs, `onDone` (the dialog closes) when it
// succeeds. On a failure the dialog stays open to try again, after `onError`; without one, the
// failure has been shown already (the API client's toast for a call that is not silent).
// A second `run` while one is in progress (Enter pressed twice, Enter and a click) does nothing:
// a ref, not the state, so two calls in the same tick are caught too.
import { useRef, useState } from 'react';

export function useBusyAction<A extends unknown[]>(action: (...args: A) => Promise<unknown>, onDone: () => void, onError?: (error: unknown) => void) {
  const [busy, setBusy] = useState(false);
  const running = useRef(false);
  const run = async (...args: A): Promise<void> => {
    if (running.current) return;
    running.current = true;
    setBusy(true);
    try {
      await action(...args);
      onDone();
    } catch (error) {
      onError?.(error);
    } finally {
      running.current = false;
      setBusy(false);
    }
  };
  return { busy, run };
}

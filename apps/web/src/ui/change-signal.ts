// The listeners of a value kept outside React (a preference, the session, a loaded locale): what
// useSyncExternalStore subscribes with, and the call that tells them all it changed.
export interface ChangeSignal {
  subscribe: (listener: () => void) => () => void;
  notify: () => void;
}

export function changeSignal(): ChangeSignal {
  const listeners = new Set<() => void>();
  return {
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    notify: () => {
      for (const listener of listeners) listener();
    },
  };
}

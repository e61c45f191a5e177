// Toasts: a closable 3-second message (docs/rules.md, Errors). Ant Design's message hook renders inside
// the ConfigProvider, so toasts follow the theme and language. The provider sits at the root
// (shell/feedback), which also sends failed calls here on desktop. The host that draws them
// (ui/ToastHost.tsx) is loaded with the first toast: most visits show none, and its code stays off
// the first screen; toasts asked for while it loads are shown once it is there. When it cannot be
// loaded (the network is gone: the very failure a toast may be about) the app goes on without it,
// and the next toast tries again.
import { createContext, useCallback, useContext, useMemo, useRef, useState, type ComponentType, type ReactNode } from 'react';
import type { ShowToast } from './ToastHost';

type Host = ComponentType<{ onReady: (show: ShowToast) => void }>;

export interface Toast {
  success: (text: string) => void;
  error: (text: string) => void;
}

const ToastContext = createContext<Toast | null>(null);

export function useToast(): Toast {
  const toast = useContext(ToastContext);
  if (!toast) throw new Error('useToast outside ToastProvider');
  return toast;
}

export function ToastProvider({ children }: { children: ReactNode }) {
  const [Host, setHost] = useState<Host | null>(null);
  const loading = useRef(false);
  const showRef = useRef<ShowToast | null>(null);
  const waiting = useRef<Parameters<ShowToast>[]>([]);

  const onReady = useCallback((show: ShowToast) => {
    showRef.current = show;
    for (const [type, text] of waiting.current.splice(0)) show(type, text);
  }, []);

  const toast = useMemo<Toast>(() => {
    const show: ShowToast = (type, text) => {
      if (showRef.current) return showRef.current(type, text);
      waiting.current.push([type, text]);
      if (loading.current) return;
      loading.current = true;
      import('./ToastHost').then(
        ({ default: host }) => setHost(() => host),
        () => {
          loading.current = false;
          waiting.current = [];
        },
      );
    };
    return { success: (text) => show('success', text), error: (text) => show('error', text) };
  }, []);

  return (
    <ToastContext.Provider value={toast}>
      {Host && <Host onReady={onReady} />}
      {children}
    </ToastContext.Provider>
  );
}

// Toasts: a closable 3-second message (docs/rules.md, Errors). Ant Design's message hook renders inside
// the ConfigProvider, so toasts follow the theme and language. The provider sits at the root
// (shell/feedback), which also sends failed calls here on desktop.
import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { Button, message } from 'antd';
import { CloseOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

const TOAST_SECONDS = 3;

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
  const { t } = useTranslation();
  const [api, holder] = message.useMessage();

  const toast = useMemo<Toast>(() => {
    // Keyed by text: the same failure from several calls at once shows one toast. Ant Design's
    // message has no close button of its own, so each toast carries one.
    const show = (type: 'success' | 'error', text: string) =>
      void api.open({
        type,
        key: text,
        duration: TOAST_SECONDS,
        content: (
          <span>
            {text}
            <Button type="text" size="small" icon={<CloseOutlined />} aria-label={t('error.close')} onClick={() => api.destroy(text)} style={{ marginInlineStart: 8 }} />
          </span>
        ),
      });
    return { success: (text) => show('success', text), error: (text) => show('error', text) };
  }, [api, t]);

  return (
    <ToastContext.Provider value={toast}>
      {holder}
      {children}
    </ToastContext.Provider>
  );
}

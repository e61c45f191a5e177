// Toasts and error alerts. Failed calls show as a closable 3-second toast on desktop and as an
// alert dialog on phones (SPEC.md section 8). Ant Design's message hook renders inside the
// ConfigProvider, so toasts follow the theme and language.
import { createContext, lazy, Suspense, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { Button, message } from 'antd';
import { CloseOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { setErrorPresenter } from '../api/error-presenter';
import { errorText } from '../api/error-text';
import { isMobileViewport } from '../../ui/responsive';

const TOAST_SECONDS = 3;

const ErrorAlertDialog = lazy(() => import('./ErrorAlertDialog'));

export interface Toast {
  success: (text: string) => void;
  error: (text: string) => void;
}

const ToastContext = createContext<Toast | null>(null);

export function useToast(): Toast {
  const toast = useContext(ToastContext);
  if (!toast) throw new Error('useToast outside FeedbackProvider');
  return toast;
}

export function FeedbackProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const [api, holder] = message.useMessage();
  const [alertText, setAlertText] = useState<string | null>(null);

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

  useEffect(() => {
    setErrorPresenter((error) => {
      const text = errorText(error, t);
      if (isMobileViewport()) setAlertText(text);
      else toast.error(text);
    });
  }, [t, toast]);

  return (
    <ToastContext.Provider value={toast}>
      {holder}
      {children}
      {alertText !== null && (
        <Suspense fallback={null}>
          <ErrorAlertDialog text={alertText} onClose={() => setAlertText(null)} />
        </Suspense>
      )}
    </ToastContext.Provider>
  );
}

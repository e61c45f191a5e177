// Failed calls reach the user here: a toast on desktop (ui/toast.tsx) and an alert dialog on phones
// (docs/rules.md, Errors). The API client cannot render; this registers its presenter once Ant
// Design's context exists.
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { setErrorPresenter } from '../api/error-presenter';
import { errorText } from '../api/error-text';
import { isMobileViewport } from '../../ui/responsive';
import { ToastProvider, useToast } from '../../ui/toast';

const ErrorAlertDialog = lazy(() => import('./ErrorAlertDialog'));

function ErrorPresenter({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const toast = useToast();
  const [alertText, setAlertText] = useState<string | null>(null);

  useEffect(() => {
    setErrorPresenter((error) => {
      const text = errorText(error, t);
      if (isMobileViewport()) setAlertText(text);
      else toast.error(text);
    });
  }, [t, toast]);

  return (
    <>
      {children}
      {alertText !== null && (
        <Suspense fallback={null}>
          <ErrorAlertDialog text={alertText} onClose={() => setAlertText(null)} />
        </Suspense>
      )}
    </>
  );
}

export function FeedbackProvider({ children }: { children: ReactNode }) {
  return (
    <ToastProvider>
      <ErrorPresenter>{children}</ErrorPresenter>
    </ToastProvider>
  );
}

// Everything a page needs around it: data cache, Ant Design theme and locale, toasts and the
// error presenter.
import { useEffect, type ReactNode } from 'react';
import { ConfigProvider, theme } from 'antd';
import { QueryClientProvider } from '@tanstack/react-query';
import { useAntdLocale } from '../i18n/component-locales';
import { themeConfig, useThemeMode } from '../shell/theme';
import { usePrefersReducedMotion } from '../ui/responsive';
import { FeedbackProvider } from '../shell/feedback/feedback';
import { queryClient } from '../shell/query-client';

/** Gives <html> and <body> the theme's colours, so overscroll and margins match the page. */
function DocumentColours() {
  const { token } = theme.useToken();
  const mode = useThemeMode();
  useEffect(() => {
    const root = document.documentElement;
    root.dataset.theme = mode;
    root.style.colorScheme = mode;
    root.style.background = token.colorBgLayout;
    document.body.style.background = token.colorBgLayout;
    document.body.style.color = token.colorText;
  }, [mode, token.colorBgLayout, token.colorText]);
  return null;
}

export function AppProviders({ children }: { children: ReactNode }) {
  const mode = useThemeMode();
  const reducedMotion = usePrefersReducedMotion();
  const locale = useAntdLocale();
  return (
    <QueryClientProvider client={queryClient}>
      {/* No automatic space between two CJK characters in buttons ("登 录"): it reads as a typo. */}
      <ConfigProvider theme={themeConfig(mode, reducedMotion)} wave={{ disabled: reducedMotion }} locale={locale} button={{ autoInsertSpace: false }}>
        <DocumentColours />
        <FeedbackProvider>{children}</FeedbackProvider>
      </ConfigProvider>
    </QueryClientProvider>
  );
}

// Entry: start i18next in the stored language, then render the app.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { initI18n } from './i18n';
import { AppProviders } from './app/providers';
import { AppRouter } from './app/router';
import { getThemeMode } from './shell/theme';
import './app/global.css';

// Marks the theme before the first paint; global.css darkens the page while the app loads.
document.documentElement.dataset.theme = getThemeMode();
await initI18n();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AppProviders>
      <AppRouter />
    </AppProviders>
  </StrictMode>,
);

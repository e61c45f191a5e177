// Set-up of the web component tests (vitest project `web`, jsdom): i18next in English with the
// real texts (the namespaces the tested components use), what jsdom lacks and Ant Design asks for
// (matchMedia, ResizeObserver, getComputedStyle of pseudo-elements), a network that never answers
// (no component test reaches a server: what a test needs is in the cache or a mocked API call),
// and a clean document, session, mocks and local storage after each test.
import { cleanup } from '@testing-library/react';
import i18next, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { clearSession } from '../../src/shell/session/session';
import { loadTexts } from '../../src/i18n/resources';

Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string) => ({ matches: false, media: query, onchange: null, addListener: () => {}, removeListener: () => {}, addEventListener: () => {}, removeEventListener: () => {}, dispatchEvent: () => false }),
});

class NoResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}
globalThis.ResizeObserver ??= NoResizeObserver as unknown as typeof ResizeObserver;

// jsdom does not implement pseudo-elements; Ant Design's scrollbar measure asks for them.
const computed = window.getComputedStyle.bind(window);
window.getComputedStyle = (element: Element) => computed(element);

const backend: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read: (language, namespace, callback) => {
    loadTexts('en', namespace).then(
      (texts) => callback(null, texts),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), false),
    );
  },
};

beforeAll(async () => {
  if (i18next.isInitialized) return;
  await i18next
    .use(backend)
    .use(initReactI18next)
    .init({
      lng: 'en',
      fallbackLng: 'en',
      ns: ['common', 'errors', 'validation', 'wallet', 'staking', 'contracts', 'observers', 'pool', 'auth', 'user'],
      defaultNS: 'common',
      interpolation: { escapeValue: false },
      returnNull: false,
    });
});

beforeEach(() => {
  vi.stubGlobal('fetch', () => new Promise(() => {}));
});

afterEach(() => {
  clearSession();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  cleanup();
  localStorage.clear();
});

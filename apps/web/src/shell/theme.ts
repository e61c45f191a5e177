// Brand colours and the light/dark preference. The brand tokens are defined once here; Ant Design
// derives every component colour from them, with its dark algorithm in the dark theme.
import { useSyncExternalStore } from 'react';
import { theme as antdTheme, type ThemeConfig } from 'antd';
import { changeSignal } from '../ui/change-signal';
import { readStorage, STORAGE_KEYS, writeStorage } from './storage-keys';

export type ThemeMode = 'light' | 'dark';

export const BRAND = {
  primary: '#3b5bdb',
  /** The brand blue as text on the dark theme's surfaces (the brand one is too dark there). */
  primaryOnDark: '#7c96ff',
  accent: '#f59f00',
  success: '#2f9e44',
  warning: '#f08c00',
  error: '#e03131',
  radius: 8,
} as const;

/** Banner gradients for the slider `tone` values; unknown tones take the brand one. */
export const BANNER_GRADIENTS: Record<string, string> = {
  brand: `linear-gradient(120deg, ${BRAND.primary} 0%, #5f3dc4 100%)`,
  blue: 'linear-gradient(120deg, #1c7ed6 0%, #3b5bdb 100%)',
  purple: 'linear-gradient(120deg, #5f3dc4 0%, #9c36b5 100%)',
  green: 'linear-gradient(120deg, #2b8a3e 0%, #0c8599 100%)',
  teal: 'linear-gradient(120deg, #087f5b 0%, #1971c2 100%)',
  orange: 'linear-gradient(120deg, #e8590c 0%, #f08c00 100%)',
  gold: 'linear-gradient(120deg, #e67700 0%, #c2255c 100%)',
  red: 'linear-gradient(120deg, #c92a2a 0%, #a61e4d 100%)',
  dark: 'linear-gradient(120deg, #212529 0%, #364fc7 100%)',
};

export function bannerGradient(tone: string): string {
  return BANNER_GRADIENTS[tone] ?? BANNER_GRADIENTS.brand!;
}

export function themeConfig(mode: ThemeMode, reducedMotion = false): ThemeConfig {
  return {
    algorithm: mode === 'dark' ? antdTheme.darkAlgorithm : antdTheme.defaultAlgorithm,
    token: {
      // Ant Design's animations (dialogs, menus, tabs) off when the visitor asked for less motion.
      motion: !reducedMotion,
      colorPrimary: BRAND.primary,
      colorInfo: BRAND.primary,
      colorSuccess: BRAND.success,
      colorWarning: BRAND.warning,
      colorError: BRAND.error,
      borderRadius: BRAND.radius,
      // WCAG AA (4.5:1 for text): Ant Design's secondary and placeholder greys (45 % and 25 %
      // alpha) fall short on both backgrounds; these keep the hierarchy and pass.
      ...(mode === 'dark'
        ? {
            // The brand blue is 2.7:1 on the dark surfaces: links and blue text take a lighter
            // blue of the same hue (6.7:1 on #141414); buttons keep the brand blue behind white.
            colorLink: BRAND.primaryOnDark,
            colorLinkHover: '#91a7ff',
            colorLinkActive: '#748ffc',
            colorPrimaryText: BRAND.primaryOnDark,
            colorPrimaryTextHover: '#91a7ff',
            colorPrimaryTextActive: '#748ffc',
            // Red text (a loss) is 2.95:1 on a dark table's sorted column; a lighter red passes.
            colorErrorText: '#ff6b6b',
            colorTextDescription: 'rgba(255, 255, 255, 0.62)',
            colorTextTertiary: 'rgba(255, 255, 255, 0.62)',
            colorTextPlaceholder: 'rgba(255, 255, 255, 0.5)',
          }
        : {
            colorTextDescription: 'rgba(0, 0, 0, 0.62)',
            colorTextTertiary: 'rgba(0, 0, 0, 0.62)',
            colorTextPlaceholder: 'rgba(0, 0, 0, 0.55)',
            // The brand red is 4.3:1 on a table's sorted column (#fafafa): red text is darker.
            colorErrorText: '#c92a2a',
          }),
      // CJK glyphs come from the system's Noto/PingFang/Malgun fonts after the Latin ones.
      fontFamily:
        "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', 'Noto Sans CJK SC', 'PingFang SC', 'Hiragino Sans', 'Microsoft YaHei', 'Malgun Gothic', sans-serif",
    },
    components: {
      // Dots wide enough to hit (WCAG 2.5.8 asks 24 px); global.css gives them the height. The
      // active dot's autoplay progress bar is drawn in colorBgContainer: white on the banner images
      // in both themes (the dark theme's container colour drew it black).
      Carousel: { dotWidth: 24, dotActiveWidth: 32, colorBgContainer: '#fff' },
      // The selected menu entry and tab are brand-blue text on the dark surface: the lighter blue.
      ...(mode === 'dark' && {
        Menu: { itemSelectedColor: BRAND.primaryOnDark, horizontalItemSelectedColor: BRAND.primaryOnDark },
        Tabs: { itemSelectedColor: BRAND.primaryOnDark, itemActiveColor: '#748ffc', itemHoverColor: '#91a7ff', inkBarColor: BRAND.primaryOnDark },
      }),
    },
  };
}

const modeChanges = changeSignal();

function readMode(): ThemeMode {
  return readStorage(STORAGE_KEYS.theme) === 'dark' ? 'dark' : 'light';
}

let current: ThemeMode = readMode();

export function getThemeMode(): ThemeMode {
  return current;
}

export function setThemeMode(mode: ThemeMode): void {
  current = mode;
  writeStorage(STORAGE_KEYS.theme, mode);
  modeChanges.notify();
}

export function useThemeMode(): ThemeMode {
  return useSyncExternalStore(modeChanges.subscribe, () => current);
}

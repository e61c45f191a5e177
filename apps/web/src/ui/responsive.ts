// One breakpoint for the page layout (docs/rules.md, Limits and constants): below it the layout is the phone layout.
import { useSyncExternalStore } from 'react';

export const MOBILE_BREAKPOINT = 768;

/**
 * Below this width the header's navigation moves into the drawer even though the page keeps its
 * desktop layout: the full navigation and settings need about 1100 px in the longest language
 * (Russian), and a clipped menu is worse than a menu button.
 */
export const FULL_HEADER_MIN_WIDTH = 1200;

/** Width of the page content column on wide screens. */
export const CONTENT_MAX_WIDTH = 1200;

/** Dialog widths (docs/rules.md, Limits and constants). */
export const DIALOG_WIDTH = { desktop: 560, mobile: 350 } as const;

/** A media query for "narrower than `width`" (0.02 px under it, as Ant Design's grid does). */
const narrowerThan = (width: number) => `(max-width: ${width - 0.02}px)`;

function matches(query: string): boolean {
  return typeof window !== 'undefined' && window.matchMedia(query).matches;
}

function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => matches(query),
    () => false,
  );
}

export function isMobileViewport(): boolean {
  return matches(narrowerThan(MOBILE_BREAKPOINT));
}

export function useIsMobile(): boolean {
  return useMediaQuery(narrowerThan(MOBILE_BREAKPOINT));
}

/** True when the header shows a menu button instead of the full navigation. */
export function useCompactHeader(): boolean {
  return useMediaQuery(narrowerThan(FULL_HEADER_MIN_WIDTH));
}

export function useDialogWidth(): number {
  return useIsMobile() ? DIALOG_WIDTH.mobile : DIALOG_WIDTH.desktop;
}

/**
 * The visitor asked the system for less motion (WCAG 2.3.3): no component animations, no chart
 * transitions, no banner rotating by itself. The end-to-end tests run with it too (fewer frames
 * for the browser to draw, and no waiting for an animation to settle).
 */
export function usePrefersReducedMotion(): boolean {
  return useMediaQuery('(prefers-reduced-motion: reduce)');
}

export function prefersReducedMotion(): boolean {
  return matches('(prefers-reduced-motion: reduce)');
}

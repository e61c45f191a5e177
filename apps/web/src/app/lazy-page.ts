// Lazy page components with the chunk-failure rule of docs/rules.md, Routes and access: a page chunk that fails
// to load (or takes over 120 s) reloads the page once, to pick up a new release; a second failure
// surfaces as ChunkLoadError, which the error boundary shows as "the website has been updated".
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { CHUNK_LOAD_TIMEOUT_MS, chunkFailureAction } from '../shell/routing/routing-rules';
import type { PageModule } from '../shell/features/feature';

/** sessionStorage, not localStorage: the one-reload allowance belongs to this tab's visit. */
const RELOADED_FLAG = 'hashpool:chunk-reloaded';

export class ChunkLoadError extends Error {
  constructor(cause: unknown) {
    super('A page chunk failed to load', { cause });
    this.name = 'ChunkLoadError';
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`Chunk load timed out after ${ms} ms`)), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

function reloadedBefore(): boolean {
  try {
    return sessionStorage.getItem(RELOADED_FLAG) === '1';
  } catch {
    return true; // Without storage a reload could loop; go straight to the message.
  }
}

export function lazyPage(load: () => Promise<PageModule>): LazyExoticComponent<ComponentType> {
  return lazy(async () => {
    try {
      const module = await withTimeout(load(), CHUNK_LOAD_TIMEOUT_MS);
      sessionStorage.removeItem(RELOADED_FLAG); // The next release may reload once again.
      return module;
    } catch (error) {
      if (chunkFailureAction(reloadedBefore()) === 'reload') {
        sessionStorage.setItem(RELOADED_FLAG, '1');
        window.location.reload();
        return new Promise<PageModule>(() => undefined); // The page is going away.
      }
      throw new ChunkLoadError(error);
    }
  });
}

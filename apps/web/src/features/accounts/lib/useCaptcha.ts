// The captcha as a form sees it: run() solves one (or says why it could not) and `state` drives
// the small "Verifying you are human…" notice.
import { useCallback, useRef, useState } from 'react';
import { ApiError } from '../../../shell/api/api-error';
import { presentError } from '../../../shell/api/error-presenter';
import type { CaptchaAnswer } from '../accounts.api';
import { CaptchaUnsupportedError, solveCaptcha } from './captcha';

export type CaptchaState = 'idle' | 'verifying' | 'unsupported' | 'failed';

export interface Captcha {
  state: CaptchaState;
  run: () => Promise<CaptchaAnswer | null>;
  /** The server refused a solved captcha (it expired, or was used): say so. */
  refused: () => void;
}

export function useCaptcha(): Captcha {
  const [state, setState] = useState<CaptchaState>('idle');
  const running = useRef<Promise<CaptchaAnswer | null> | null>(null);

  const run = useCallback(() => {
    // A double click solves once.
    running.current ??= (async () => {
      setState('verifying');
      try {
        const answer = await solveCaptcha();
        setState('idle');
        return answer;
      } catch (error) {
        if (error instanceof CaptchaUnsupportedError) setState('unsupported');
        else {
          if (error instanceof ApiError) presentError(error);
          setState('failed');
        }
        return null;
      } finally {
        running.current = null;
      }
    })();
    return running.current;
  }, []);

  const refused = useCallback(() => setState('failed'), []);
  return { state, run, refused };
}

// The process's structured log (pino, JSON lines on stdout), behind the seam's Logger.
import { pino, type Logger as Pino } from 'pino';
import type { Logger } from './coin/types.js';

export function createLogger(level: string, destination?: NodeJS.WritableStream, base: Record<string, unknown> = {}): Logger & { pino: Pino } {
  const p = pino({ level, base: { app: 'stratum', ...base }, redact: ['ingestKey', 'password', '*.password'] }, destination as never);
  return {
    pino: p,
    info: (msg, fields) => p.info(fields ?? {}, msg),
    warn: (msg, fields) => p.warn(fields ?? {}, msg),
    error: (msg, fields) => p.error(fields ?? {}, msg),
  };
}

export const silentLogger: Logger = { info() {}, warn() {}, error() {} };

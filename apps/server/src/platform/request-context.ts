// Small request helpers every module's routes use: a route's own rate limit, and who the client is
// (address, browser, device) for security logs, alerts and the new-device rule.
import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { DEVICE_HEADER, DEVICE_ID_PATTERN } from '@hashpool/shared';

/** A route's own limit per client IP and minute (tighter than the global one): before any work. */
export const perMinute = (max: number) => ({ rateLimit: { max, timeWindow: 60_000 } });

export interface ClientInfo {
  ip: string;
  userAgent: string | undefined;
  /** The hash of a valid device id (x-hp-device); null when missing or malformed: a new device. */
  deviceHash: string | null;
}

/** Device ids are stored only as this hash. */
export function deviceHash(deviceId: string): string {
  return createHash('sha256').update(`device:${deviceId}`).digest('hex');
}

export function clientInfo(request: FastifyRequest): ClientInfo {
  const device = request.headers[DEVICE_HEADER];
  const id = typeof device === 'string' && DEVICE_ID_PATTERN.test(device) ? device : null;
  return { ip: request.ip, userAgent: request.headers['user-agent'], deviceHash: id ? deviceHash(id) : null };
}

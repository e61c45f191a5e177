// A picker's wall time is read in the user's fixed-offset timezone, not the browser's: these hold
// whatever the process's TZ is (run them with TZ=America/New_York, TZ=Asia/Kolkata too).
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { formatDateTime } from '@hashpool/shared';
import { isoToWallTime, wallTimeToIso } from '../src/ui/wall-time';

/** A picker's value: the wall time as the picker shows it (built in the process's zone). */
const picked = (text: string) => dayjs(text);

describe('picker wall time in the user timezone', () => {
  it('reads 12:00 at UTC+08:00 as 04:00Z', () => expect(wallTimeToIso(picked('2025-03-10 12:00'), 'UTC+08:00')).toBe('2025-03-10T04:00:00.000Z'));
  it('reads half-hour and negative offsets', () => {
    expect(wallTimeToIso(picked('2025-03-10 12:00'), 'UTC+05:30')).toBe('2025-03-10T06:30:00.000Z');
    expect(wallTimeToIso(picked('2025-03-10 02:00'), 'UTC-05:00')).toBe('2025-03-10T07:00:00.000Z');
  });
  it('crosses the day line', () => expect(wallTimeToIso(picked('2025-01-01 03:00:15'), 'UTC+08:00')).toBe('2024-12-31T19:00:15.000Z'));
  it('reads UTC and an unreadable timezone as UTC', () => {
    expect(wallTimeToIso(picked('2025-03-10 12:00'), 'UTC')).toBe('2025-03-10T12:00:00.000Z');
    expect(wallTimeToIso(picked('2025-03-10 12:00'), 'nowhere')).toBe('2025-03-10T12:00:00.000Z');
  });
  it('shows an instant as its wall time in the timezone', () => {
    expect(isoToWallTime('2025-03-10T04:00:00.000Z', 'UTC+08:00').format('YYYY-MM-DD HH:mm:ss')).toBe('2025-03-10 12:00:00');
    expect(isoToWallTime('2025-03-10T04:00:00+03:00', 'UTC+05:30').format('YYYY-MM-DD HH:mm')).toBe('2025-03-10 06:30');
    // Zoneless strings are UTC, as formatDateTime reads them.
    expect(isoToWallTime('2025-03-10 04:00:00', 'UTC+08:00').format('HH:mm')).toBe('12:00');
  });
  it('round-trips, and the list then shows the time that was picked', () => {
    for (const timezone of ['UTC+08:00', 'UTC+05:30', 'UTC-03:00', 'UTC+14:00', 'UTC-12:00', 'UTC']) {
      const iso = wallTimeToIso(picked('2025-06-15 12:00'), timezone);
      expect(isoToWallTime(iso, timezone).format('YYYY-MM-DD HH:mm')).toBe('2025-06-15 12:00');
      expect(formatDateTime(iso, timezone, 'YYYY-MM-DD HH:mm')).toBe('2025-06-15 12:00');
      expect(wallTimeToIso(isoToWallTime('2025-06-15T23:59:30.000Z', timezone), timezone)).toBe('2025-06-15T23:59:30.000Z');
    }
  });
});

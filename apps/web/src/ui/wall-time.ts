// Date-time pickers and the user's timezone. A picker (antd, dayjs) shows and returns a wall time
// in the browser's zone, but the app shows times in the user's chosen fixed offset ("UTC+08:00",
// as formatDateTime of @hashpool/shared). These two convert between the wall time a picker shows
// and an instant: the picker's fields are read as the time in `timezone`, whatever the browser's
// zone. An offset is fixed, so this is offset arithmetic; an unreadable timezone counts as UTC, as
// in formatDateTime.
import dayjs, { type Dayjs } from 'dayjs';
import { parseUtcOffset } from '@hashpool/shared';

const ZONELESS = /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/;

function offsetMs(timezone: string | null | undefined): number {
  return (parseUtcOffset(timezone) ?? 0) * 60_000;
}

/** The instant (ISO, UTC) of the wall time a picker shows, read as a time in `timezone`. */
export function wallTimeToIso(value: Dayjs, timezone: string | null | undefined): string {
  const wall = Date.UTC(value.year(), value.month(), value.date(), value.hour(), value.minute(), value.second(), value.millisecond());
  return new Date(wall - offsetMs(timezone)).toISOString();
}

/**
 * The picker value showing `iso` as a wall time in `timezone`. A string without a zone is UTC, as
 * we store them (formatDateTime reads it so too).
 */
export function isoToWallTime(iso: string | Date, timezone: string | null | undefined): Dayjs {
  const instant = iso instanceof Date ? iso.getTime() : Date.parse(ZONELESS.test(iso.trim()) ? `${iso.trim().replace(' ', 'T')}Z` : iso);
  const wall = new Date(instant + offsetMs(timezone));
  return dayjs(new Date(wall.getUTCFullYear(), wall.getUTCMonth(), wall.getUTCDate(), wall.getUTCHours(), wall.getUTCMinutes(), wall.getUTCSeconds(), wall.getUTCMilliseconds()));
}

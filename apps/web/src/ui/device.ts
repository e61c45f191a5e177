// A login's device as a person reads it: the browser and the operating system from the recorded
// User-Agent (parsed by bowser), "Chrome 120 · Windows 10". The raw string stays for a tooltip.
import Bowser from 'bowser';

export interface DeviceParts {
  browser: string | null;
  os: string | null;
}

export function deviceParts(userAgent: string): DeviceParts {
  const { browser, os } = Bowser.parse(userAgent);
  const major = browser.version?.split('.')[0];
  const osVersion = os.versionName ?? os.version;
  return {
    browser: browser.name ? (major ? `${browser.name} ${major}` : browser.name) : null,
    os: os.name ? (osVersion ? `${os.name} ${osVersion}` : os.name) : null,
  };
}

/** The browser and system in the interface's language; the parts it could not tell are left out. */
export function deviceName(userAgent: string, t: (key: string, options?: Record<string, string>) => string): string {
  const { browser, os } = deviceParts(userAgent);
  if (browser && os) return t('device.both', { browser, os });
  return browser ?? os ?? t('device.unknown');
}

import Bowser from 'bowser';

/**
 * A session's device as a person says it, "Chrome on macOS", from the user agent it signed in with
 * (bowser reads it; a raw user agent string means nothing to most people). Null or unreadable:
 * 'Unknown browser'.
 */
export function sessionDevice(userAgent: string | null): string {
  if (!userAgent) return 'Unknown browser';
  const { browser, os } = Bowser.parse(userAgent);
  const name = browser.name || null;
  const system = os.name || null;
  if (name && system) return `${name} on ${system}`;
  return name ?? system ?? 'Unknown browser';
}

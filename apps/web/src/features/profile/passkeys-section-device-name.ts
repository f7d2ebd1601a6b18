/**
 * A first name for a new passkey, from the browser's user agent: 'Chrome on Android', 'Safari on
 * iPhone'. Only a suggestion the person can change; a user agent we cannot read gives 'My passkey'.
 */
export function deviceName(userAgent: string): string {
  const browser = pick(userAgent, [
    [/Edg(e|A|iOS)?\//, 'Edge'],
    [/OPR\/|Opera/, 'Opera'],
    [/SamsungBrowser\//, 'Samsung Internet'],
    [/Firefox\/|FxiOS\//, 'Firefox'],
    [/Chrome\/|CriOS\/|Chromium\//, 'Chrome'],
    [/Safari\//, 'Safari'],
  ]);
  const system = pick(userAgent, [
    [/iPhone/, 'iPhone'],
    [/iPad/, 'iPad'],
    [/Android/, 'Android'],
    [/CrOS/, 'ChromeOS'],
    [/Mac OS X|Macintosh/, 'Mac'],
    [/Windows/, 'Windows'],
    [/Linux/, 'Linux'],
  ]);
  if (browser && system) return `${browser} on ${system}`;
  return browser ?? system ?? 'My passkey';
}

function pick(text: string, table: [RegExp, string][]): string | undefined {
  return table.find(([pattern]) => pattern.test(text))?.[1];
}

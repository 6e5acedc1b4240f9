/** Browser, OS and device of an error report, read from the user agent string. */
export interface UserAgentSummary {
  browser: string;
  os: string;
  device: 'desktop' | 'mobile' | 'tablet';
}

// Order matters: Edge, Whale, Samsung Internet and Opera all also claim to be Chrome and Safari.
const BROWSERS: ReadonlyArray<readonly [name: string, pattern: RegExp]> = [
  ['Edge', /Edg(?:e|A|iOS)?\/([\d.]+)/],
  ['Whale', /Whale\/([\d.]+)/],
  ['Samsung Internet', /SamsungBrowser\/([\d.]+)/],
  ['Naver', /NAVER\(inapp;[^)]*?([\d.]+)\)/],
  ['KakaoTalk', /KAKAOTALK\s?([\d.]+)?/i],
  ['Opera', /(?:OPR|Opera)\/([\d.]+)/],
  ['Firefox', /(?:Firefox|FxiOS)\/([\d.]+)/],
  ['Chrome', /(?:Chrome|CriOS)\/([\d.]+)/],
  ['Safari', /Version\/([\d.]+).*Safari\//],
];

function majorVersion(version: string | undefined): string {
  return version ? ` ${version.split('.')[0]}` : '';
}

export function parseBrowser(userAgent: string): string {
  for (const [name, pattern] of BROWSERS) {
    const match = pattern.exec(userAgent);
    if (match) return `${name}${majorVersion(match[1])}`;
  }
  return 'Unknown';
}

const WINDOWS_VERSIONS: Record<string, string> = { '10.0': '10/11', '6.3': '8.1', '6.2': '8', '6.1': '7' };

export function parseOs(userAgent: string): string {
  const windows = /Windows NT ([\d.]+)/.exec(userAgent);
  if (windows) return `Windows ${WINDOWS_VERSIONS[windows[1] ?? ''] ?? windows[1]}`;
  const ios = /(?:iPhone|iPad|iPod).*? OS (\d+)[_\d]*/.exec(userAgent);
  if (ios) return `iOS ${ios[1]}`;
  const android = /Android ([\d.]+)/.exec(userAgent);
  if (android) return `Android ${android[1]?.split('.')[0]}`;
  if (/CrOS/.test(userAgent)) return 'ChromeOS';
  const mac = /Mac OS X (\d+)[_.](\d+)/.exec(userAgent);
  if (mac) return `macOS ${mac[1]}.${mac[2]}`;
  if (/Linux/.test(userAgent)) return 'Linux';
  return 'Unknown';
}

export function parseDevice(userAgent: string): UserAgentSummary['device'] {
  if (/iPad|Tablet|SM-[TX]\d|Android(?!.*Mobile)/.test(userAgent)) return 'tablet';
  if (/Mobi|iPhone|iPod|Android/.test(userAgent)) return 'mobile';
  return 'desktop';
}

export function parseUserAgent(userAgent: string): UserAgentSummary {
  return { browser: parseBrowser(userAgent), os: parseOs(userAgent), device: parseDevice(userAgent) };
}

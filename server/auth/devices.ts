/**
 * A readable device and model for the account screen's last log-ins, from the User-Agent and the
 * scene. Deliberately coarse: enough for a person to recognise their own devices. The device is a
 * kind the portal translates (`deviceKinds`); the model names products, joined without words.
 */
export function describeDevice(userAgent: string | undefined, scene: 'WEB' | 'STB' | 'APP'): { device: string; model: string } {
  const ua = userAgent ?? '';
  const os = /Android/i.test(ua)
    ? 'Android'
    : /iPhone|iPad|iPod/i.test(ua)
      ? 'iOS'
      : /Windows/i.test(ua)
        ? 'Windows'
        : /Mac OS X|Macintosh/i.test(ua)
          ? 'macOS'
          : /CrOS/i.test(ua)
            ? 'ChromeOS'
            : /Linux/i.test(ua)
              ? 'Linux'
              : '';
  const browser = /Edg\//.test(ua)
    ? 'Edge'
    : /OPR\//.test(ua)
      ? 'Opera'
      : /Firefox\//.test(ua)
        ? 'Firefox'
        : /Chrome\//.test(ua)
          ? 'Chrome'
          : /Safari\//.test(ua)
            ? 'Safari'
            : '';
  const device =
    scene === 'STB'
      ? 'TV box'
      : scene === 'APP'
        ? 'App'
        : /iPad|Tablet/i.test(ua) || (/Android/i.test(ua) && !/Mobile/i.test(ua))
          ? 'Tablet'
          : /Mobile|iPhone|Android/i.test(ua)
            ? 'Phone'
            : 'Browser';
  const model = [browser, os].filter(Boolean).join(' · ') || ua.slice(0, 64) || 'Unknown';
  return { device, model: model.slice(0, 128) };
}

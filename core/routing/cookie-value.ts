/**
 * The value of cookie `name` in a Cookie header, or undefined. The server reads the few cookies
 * the app keeps for it (the language shown, the signed-in hint) with this one reader.
 */
export function cookieValue(header: string | undefined, name: string): string | undefined {
  return new RegExp(`(?:^|;\\s*)${name}=([^;]*)`).exec(header ?? '')?.[1];
}

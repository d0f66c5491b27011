/** Messages a form post leaves for the page it redirects to (`app/lib/flash.server.ts`). */
export const FLASH_COOKIE = "flash";

/** The value of cookie `name` in a Cookie header (or `document.cookie`), if present. */
export function readCookie(header: string | null | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(";")) {
    const index = part.indexOf("=");
    if (index === -1) continue;
    if (part.slice(0, index).trim() === name) {
      const value = part.slice(index + 1).trim();
      try {
        return decodeURIComponent(value);
      } catch {
        return value;
      }
    }
  }
  return undefined;
}

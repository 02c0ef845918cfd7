/**
 * Only same-origin paths are followed: a user-supplied return path must start
 * with a single "/" and contain no backslash or control character, plain or
 * percent-encoded, so "//evil.example", "/\\evil.example", "https://evil.example"
 * and "/%0d%0aSet-Cookie:x" are refused.
 */
export function safeRedirect(to: FormDataEntryValue | string | null | undefined, fallback = "/"): string {
  if (!to || typeof to !== "string") return fallback;
  const value = to.trim();
  if (!value.startsWith("/") || value.startsWith("//")) return fallback;
  if (/[\\\u0000-\u001f\u007f]|%(?:[01][0-9a-f]|7f)/i.test(value)) return fallback;
  try {
    const base = "http://same-origin.invalid";
    const url = new URL(value, base);
    if (url.origin !== base) return fallback;
    return url.pathname + url.search + url.hash;
  } catch {
    return fallback;
  }
}

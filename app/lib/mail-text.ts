/** Text that goes into an e-mail's headers and campaign content (no I/O). */

/**
 * Text that may end up in a header (a name, a subject): one line, no control
 * characters, at most `max` characters. A visitor's "Ann\r\nBcc: x@y" becomes
 * "Ann Bcc: x@y", a harmless display name.
 */
export function oneLine(value: string, max = 200): string {
  return value
    .replace(/[\u0000-\u001f\u007f\u2028\u2029]+/g, " ")
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, max);
}

/** Fills {{firstName}} (and other known placeholders) in a campaign e-mail's subject or content. */
export function fillPlaceholders(template: string, values: { firstName: string }): string {
  return template.replace(/\{\{\s*firstName\s*\}\}/g, values.firstName);
}

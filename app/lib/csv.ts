/**
 * A CSV line (RFC 4180): fields quoted when they hold a comma, a quote or a line break, quotes doubled. A
 * field a spreadsheet would run as a formula (=, +, -, @ first) gets a leading apostrophe (OWASP's CSV
 * injection advice): the audit's and the export's CSVs carry text people typed.
 */
export function csvLine(fields: Array<string | number | null | undefined>): string {
  return (
    fields
      .map((field) => {
        let text = field === null || field === undefined ? "" : String(field);
        if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
        return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
      })
      .join(",") + "\r\n"
  );
}

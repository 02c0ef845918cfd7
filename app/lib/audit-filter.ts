/**
 * The audit's filter (/admin/audit, its CSV, `GET /api/audit`), read from a query: person (`actorId`),
 * action, transaction, dates (`from`, `to`: days, the agency's, `to` included) and the page (`before`).
 * Anything malformed is dropped rather than refused: a filter link is never a 400.
 */
import { AUDIT_ACTIONS } from "~/domain/enums";
import { addDaysTo, instantAt, parsePlainDate } from "~/lib/plain-date";

export type AuditQuery = {
  actorId?: string;
  action?: string;
  transactionId?: number;
  from?: string;
  to?: string;
  before?: number;
};

const positive = (v: string | null) => (v && /^[1-9]\d{0,11}$/.test(v) ? Number(v) : undefined);

export function auditQueryOf(params: URLSearchParams): AuditQuery {
  const actorId = params.get("actorId")?.trim();
  const action = params.get("action")?.trim();
  const from = params.get("from")?.trim();
  const to = params.get("to")?.trim();
  return {
    actorId: actorId && actorId.length <= 64 ? actorId : undefined,
    action: action && (AUDIT_ACTIONS as readonly string[]).includes(action) ? action : undefined,
    transactionId: positive(params.get("transactionId")),
    from: (from && parsePlainDate(from)) || undefined,
    to: (to && parsePlainDate(to)) || undefined,
    before: positive(params.get("before")),
  };
}

/** The query string of a filter (the pager's and the CSV's links), without empty fields. */
export function auditQueryString(q: AuditQuery, extra: Record<string, string | number> = {}) {
  const out = new URLSearchParams();
  for (const [key, value] of Object.entries({ ...q, ...extra })) {
    if (value !== undefined && value !== "") out.set(key, String(value));
  }
  const text = out.toString();
  return text ? `?${text}` : "";
}

/** The model's filter (app/models/audit.server.ts): the days as instants, `to`'s whole day included. */
export const auditFilterOf = ({ from, to, ...rest }: AuditQuery) => ({
  ...rest,
  from: from ? instantAt(from, 0) : undefined,
  to: to ? instantAt(addDaysTo(to, 1), 0) : undefined,
});

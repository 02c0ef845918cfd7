/**
 * GET /api/legal-texts/{kind} (public: the same words are on /ca-disclosures) → `{ kind, version, body, source }`:
 * the version in force of `agency_disclosure` (Civil Code §2079.16), `commission_notice_listing` or
 * `commission_notice_buyer` (Bus. & Prof. Code §10147.5), as a signer is shown it (app/models/legal-text.server.ts).
 * Another kind 404.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { getDb } from "~/infra/database.server";
import { jsonError } from "~/infra/http.server";
import { LEGAL_TEXT_KINDS, type LegalTextKind } from "~/domain/enums";
import { currentLegalText } from "~/models/legal-text.server";

export async function loader({ params }: LoaderFunctionArgs) {
  const kind = params.kind ?? "";
  if (!(LEGAL_TEXT_KINDS as readonly string[]).includes(kind)) return jsonError(404, "Not found");
  const text = currentLegalText(getDb(), kind as LegalTextKind);
  return Response.json({ kind: text.kind, version: text.version, body: text.body, source: text.source });
}

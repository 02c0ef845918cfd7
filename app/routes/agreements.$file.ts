/**
 * GET /agreements/{id}.pdf: an agreement's PDF (the unsigned one, the sealed one once signed) for its
 * transaction's client and staff, with the documents' rules: anyone else 404, a visitor not signed in 401
 * with a link to sign in and come back. A signer's first opening is their "viewed" in the certificate.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { agreementFileResponse } from "~/infra/agreement-pdf.server";
import { getDb } from "~/infra/database.server";
import { fileNotFound, parseId } from "~/infra/http.server";
import { getSessionUser } from "~/infra/session-user.server";
import { signInToOpen } from "~/infra/sign-in.server";
import { NotFoundError } from "~/lib/errors";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const id = parseId(/^([^.]+)\.pdf$/.exec(params.file ?? "")?.[1]);
  const { user, clearCookie } = await getSessionUser(request);
  if (!user) return signInToOpen({ one: "agreement", many: "Agreements" }, new URL(request.url).pathname, clearCookie);
  if (id === null) return fileNotFound();
  try {
    return await agreementFileResponse(getDb(), { actor: user }, id);
  } catch (error) {
    if (error instanceof NotFoundError) return fileNotFound();
    throw error;
  }
}

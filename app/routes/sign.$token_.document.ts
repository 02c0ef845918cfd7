/**
 * GET /sign/{token}/document: the PDF a co-signer signs (or, from the link sent once everyone signed, the
 * sealed copy), for the holder of their good link only; a used, expired or altered link is 404.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { agreementFileResponse } from "~/infra/agreement-pdf.server";
import { getDb } from "~/infra/database.server";
import { fileNotFound } from "~/infra/http.server";
import { NotFoundError } from "~/lib/errors";
import { signerOfLink } from "~/models/agreement-access.server";

export async function loader({ params }: LoaderFunctionArgs) {
  const token = params.token ?? "";
  try {
    const db = getDb();
    const { agreement } = signerOfLink(db, token);
    return await agreementFileResponse(db, { token }, agreement.id);
  } catch (error) {
    if (error instanceof NotFoundError) return fileNotFound();
    throw error;
  }
}

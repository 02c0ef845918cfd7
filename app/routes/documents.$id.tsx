/**
 * GET /documents/{id}: a document's file, for its transaction's client and for admins
 * (app/infra/document-download.server.ts sets the headers). Anyone else gets 404, a visitor who is not signed in
 * 401 with a link to sign in and come back; `?inline=1` shows a PDF or an image in the browser.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { getDb } from "~/infra/database.server";
import { documentResponse } from "~/infra/document-download.server";
import { parseId } from "~/infra/http.server";
import { plainPageResponse } from "~/infra/plain-page.server";
import { getSessionUser } from "~/infra/session-user.server";
import { signInToOpen } from "~/infra/sign-in.server";
import { NotFoundError } from "~/lib/errors";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const { user, clearCookie } = await getSessionUser(request);
  if (!user) {
    return signInToOpen({ one: "document", many: "Documents" }, `${url.pathname}${url.search}`, clearCookie);
  }
  const id = parseId(params.id);
  try {
    if (id === null) throw new NotFoundError();
    return await documentResponse(getDb(), user, id, { inline: url.searchParams.get("inline") === "1" });
  } catch (error) {
    if (!(error instanceof NotFoundError)) throw error;
    return plainPageResponse(
      "Document not found",
      <>
        <h1>Document not found</h1>
        <p>This document does not exist, or it is not yours to open.</p>
        <a className="button secondary" href="/client-portal">
          Back to your portal
        </a>
      </>,
      404,
    );
  }
}

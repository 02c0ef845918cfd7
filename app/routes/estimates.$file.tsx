/**
 * GET /estimates/{id}.pdf: a saved estimate as a PDF, for its transaction's client and admins (the
 * documents' rules): anyone else 404, a visitor who is not signed in 401 with a link to sign in and come
 * back.
 */
import { Readable } from "node:stream";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { env } from "~/config/env.server";
import { getDb } from "~/infra/database.server";
import { estimatePdf } from "~/infra/estimate-pdf.server";
import { fileNotFound, parseId } from "~/infra/http.server";
import { getSessionUser } from "~/infra/session-user.server";
import { signInToOpen } from "~/infra/sign-in.server";
import { NotFoundError } from "~/lib/errors";
import { getEstimate } from "~/models/estimate.server";
import { getTransaction } from "~/models/permissions.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const match = /^([^.]+)\.pdf$/.exec(params.file ?? "");
  const id = parseId(match?.[1]);
  const { user, clearCookie } = await getSessionUser(request);
  if (!user) {
    return signInToOpen({ one: "estimate", many: "Estimates" }, new URL(request.url).pathname, clearCookie);
  }
  if (id === null) return fileNotFound();
  try {
    const db = getDb();
    const saved = getEstimate(db, user, id);
    const transaction = getTransaction(db, user, saved.transactionId);
    const pdf = estimatePdf(saved, { site: env().site, property: transaction.propertyAddress });
    const name = `estimate-${saved.id}.pdf`;
    return new Response(Readable.toWeb(pdf) as ReadableStream<Uint8Array>, {
      headers: {
        "content-type": "application/pdf",
        "content-disposition": `attachment; filename="${name}"`,
        "cache-control": "private, no-store",
        "x-content-type-options": "nosniff",
      },
    });
  } catch (error) {
    if (error instanceof NotFoundError) return fileNotFound();
    throw error;
  }
}

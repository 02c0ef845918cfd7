/**
 * /start-listing/{token}: where a visitor who started a listing lands after signing in; their terms (kept a
 * day) become their listing agreement, once, and they go to its signing page. An expired or another's
 * start is a plain 404 page with the way back.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { AccessErrorBoundary } from "~/components/access-boundary";
import { agreementPaper } from "~/infra/agreement-pdf.server";
import { getDb } from "~/infra/database.server";
import { listingStartSecret } from "~/infra/listing-start-cookie.server";
import { requireUser } from "~/infra/guards.server";
import { plainPageResponse } from "~/infra/plain-page.server";
import { NotFoundError } from "~/lib/errors";
import { signingPath } from "~/models/agreement-access.server";
import { claimListingStart } from "~/models/listing-start.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  try {
    const secret = await listingStartSecret(request);
    return redirect(signingPath(await claimListingStart(getDb(), user, agreementPaper(), params.token ?? "", secret)));
  } catch (error) {
    if (!(error instanceof NotFoundError)) throw error;
    return plainPageResponse(
      "Start your listing again",
      <>
        <h1>Start your listing again</h1>
        <p>{error.message}.</p>
        <a className="button" href="/start-listing">
          Start your listing
        </a>
      </>,
      404,
    );
  }
}

export function ErrorBoundary() {
  return <AccessErrorBoundary />;
}

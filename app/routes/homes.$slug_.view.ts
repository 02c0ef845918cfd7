/**
 * GET /homes/{slug}/view: a listing page's view, counted on the server (app/models/home-listing.server.ts
 * `recordView`: one per visitor's address and day, bots excluded by user agent, no cookie). The page loads it as a
 * 1-pixel image of our own, so a page served from the page cache counts too. Always a transparent GIF, never cached.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { getDb } from "~/infra/database.server";
import { clientIpOf } from "~/infra/rate-limit.server";
import { recordView, shownListingId } from "~/models/home-listing.server";

const GIF = Buffer.from("R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7", "base64");

export async function loader({ params, request, context }: LoaderFunctionArgs) {
  const db = getDb();
  const id = shownListingId(db, params.slug ?? "");
  if (id) recordView(db, id, clientIpOf(context) ?? null, request.headers.get("user-agent"));
  return new Response(GIF, {
    headers: {
      "content-type": "image/gif",
      "cache-control": "private, no-store",
      "content-length": String(GIF.length),
    },
  });
}

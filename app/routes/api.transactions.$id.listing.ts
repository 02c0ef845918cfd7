/**
 * A sale's listing page (docs/listings.md).
 * GET → `{ slug, url, published, mlsEnteredOn, live, state, price, beds, baths, squareFeet, lotSquareFeet, yearBuilt,
 * description, stats }` (staff on it and its seller; anyone else 404).
 * PUT (a partial update) `{ published, mlsEnteredOn, price, beds, baths, squareFeet, lotSquareFeet, yearBuilt,
 * propertyType, description, fairHousingReason? }` → 200 `{ slug, url, published, live, warnings, ... }`: the seller
 * sends `published` only (their yes), staff the rest (and `published: false` to take it down); a flagged phrase
 * without a reason 400 naming each.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { getDb } from "~/infra/database.server";
import { requireUser } from "~/infra/guards.server";
import { idParam, methodNotAllowed, modelCall, parseBody, readJson } from "~/infra/http.server";
import { homeListingSchema } from "~/lib/home-listing-schema";
import { getHomeListing, listingStats, putHomeListing, toHomeListingJson } from "~/models/home-listing.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const id = idParam(params.id);
  const db = getDb();
  const { listing, transaction } = modelCall(() => getHomeListing(db, user, id));
  return Response.json({ ...toHomeListingJson(listing, transaction), stats: listingStats(db, id) });
}

export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== "PUT") return methodNotAllowed(["GET", "PUT"]);
  const user = await requireUser(request);
  const id = idParam(params.id);
  const input = parseBody(homeListingSchema, await readJson(request));
  const { row, transaction, warnings, pending } = modelCall(() => putHomeListing(getDb(), user, id, input));
  return Response.json({ ...toHomeListingJson(row, transaction, warnings), pending });
}

/**
 * GET /api/homes?zip=&minPrice=&maxPrice=&beds=&page= (public): the listings shown on the site, newest
 * first, 24 a page → `{ items: [{ slug, url, address, zip, price, beds, baths, squareFeet, photo }], page, total }`.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { getDb } from "~/infra/database.server";
import { methodNotAllowed } from "~/infra/http.server";
import { homesQuerySchema } from "~/lib/home-listing-schema";
import { photoSources } from "~/lib/images";
import { listHomes } from "~/models/home-listing.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const query = homesQuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  const list = listHomes(getDb(), query);
  return Response.json({
    ...list,
    items: list.items.map(({ photo, ...home }) => ({ ...home, photo: photo ? photoSources(photo) : null })),
  });
}

export async function action() {
  return methodNotAllowed(["GET"]);
}

/** GET /api/sold?zip=&area=&page= (public): the shown sales, newest first, 24 a page. */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { getDb } from "~/infra/database.server";
import { methodNotAllowed } from "~/infra/http.server";
import { soldQuerySchema } from "~/lib/proof-schema";
import { listSold, toSaleJson } from "~/models/sold-home.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const query = soldQuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  const list = listSold(getDb(), query);
  return Response.json({ items: list.items.map(toSaleJson), page: list.page, total: list.total });
}

export async function action() {
  return methodNotAllowed(["GET"]);
}

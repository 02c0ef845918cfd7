/**
 * /open-houses: the open houses of our listings from today to two weeks ahead, by day (San Diego
 * time), 50 a page. Served from the page cache; a scheduled or cancelled open house, or a listing's change, empties it.
 */
import { data, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { card } from "~/components/card";
import { factsLine } from "~/components/home-card";
import { formatMoney } from "~/lib/money";
import { getDb } from "~/infra/database.server";
import { formatSlot } from "~/lib/format";
import { formatPlainDate } from "~/lib/plain-date";
import { PAGE_SCOPE_HEADER, pageHeaders } from "~/lib/route-access";
import { pageMeta } from "~/lib/seo";
import { pageScopeHeader } from "~/models/content-version.server";
import { openHousesAhead } from "~/models/open-house.server";

export const meta: MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Open Houses This Week and Next | San Diego Flat-Fee Real Estate",
    description: "The open houses of our San Diego listings this week and next, by day.",
    path: "/open-houses",
  });

export async function loader({ request }: LoaderFunctionArgs) {
  const db = getDb();
  const scope = pageScopeHeader(db, "open-houses");
  const raw = new URL(request.url).searchParams.get("page") ?? "1";
  const page = /^[1-9]\d{0,4}$/.test(raw) ? Number(raw) : 1;
  const list = openHousesAhead(db, new Date(), page);
  const days = new Map<string, typeof list.items>();
  for (const o of list.items) days.set(o.day, [...(days.get(o.day) ?? []), o]);
  return data(
    { days: [...days.entries()].map(([day, items]) => ({ day, items })), page, more: list.more },
    { headers: { [PAGE_SCOPE_HEADER]: scope } },
  );
}

export const headers: HeadersFunction = pageHeaders;

export default function OpenHouses() {
  const { days, page, more } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-4xl px-4 py-12">
      <h1 className="text-3xl font-bold text-brand-900">Open Houses</h1>
      <p className="mt-2 text-slate-600">This week and next. No appointment and no agreement needed: come and visit.</p>
      {days.length === 0 ? (
        <section className={`mt-10 ${card} p-10 text-center`}>
          <h2 className="text-2xl font-semibold">No open houses scheduled</h2>
          <p className="mt-2 text-slate-600">
            See{" "}
            <Link to="/homes" className="font-semibold text-brand-700 underline">
              our homes for sale
            </Link>
            .
          </p>
        </section>
      ) : (
        days.map(({ day, items }) => (
          <section key={day} aria-labelledby={`day-${day}`} className="mt-8">
            <h2 id={`day-${day}`} className="text-xl font-semibold text-brand-900">
              {formatPlainDate(day)}
            </h2>
            <ul className="mt-3 space-y-3">
              {items.map((o) => (
                <li key={`${o.slug}-${o.start}`} className={`${card} p-4`} data-testid="open-house-row">
                  <p className="font-semibold">
                    {formatSlot(o.start).split(", ").pop()} to {formatSlot(o.end).split(", ").pop()}
                  </p>
                  <Link to={`/homes/${o.slug}`} className="text-lg font-semibold text-brand-700 hover:underline">
                    {o.address}
                  </Link>
                  <p className="text-sm text-slate-700">
                    {o.priceCents !== null ? formatMoney(o.priceCents) : ""}{" "}
                    {factsLine({ beds: o.beds, baths: o.baths, squareFeet: null })}
                  </p>
                </li>
              ))}
            </ul>
          </section>
        ))
      )}
      {page > 1 || more ? (
        <nav aria-label="More open houses" className="mt-8 flex gap-6 font-semibold">
          {page > 1 ? (
            <Link to={`/open-houses?page=${page - 1}`} className="text-brand-700 underline">
              Earlier
            </Link>
          ) : null}
          {more ? (
            <Link to={`/open-houses?page=${page + 1}`} className="text-brand-700 underline">
              Later
            </Link>
          ) : null}
        </nav>
      ) : null}
    </div>
  );
}

/**
 * /homes: the listings shown on our site, newest first, 24 a page, filtered by price range, bedrooms and
 * ZIP code (a plain GET form: works without JavaScript). Served from the page cache; a change of any listing empties it.
 */
import { data, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { card } from "~/components/card";
import { inputClass } from "~/components/field-shell";
import { HomeCard } from "~/components/home-card";
import { Pager } from "~/components/pager";
import { getDb } from "~/infra/database.server";
import { HOMES_PAGE_SIZE, homesQuerySchema } from "~/lib/home-listing-schema";
import { photoSources } from "~/lib/images";
import { PAGE_SCOPE_HEADER, pageHeaders } from "~/lib/route-access";
import { pageMeta } from "~/lib/seo";
import { pageScopeHeader } from "~/models/content-version.server";
import { listHomes } from "~/models/home-listing.server";

export const meta: MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Homes for Sale | San Diego Flat-Fee Real Estate",
    description: "San Diego homes for sale listed by our flat-fee brokerage: photos, prices, open houses.",
    path: "/homes",
  });

export async function loader({ request }: LoaderFunctionArgs) {
  const db = getDb();
  const scope = pageScopeHeader(db, "homes");
  const query = homesQuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  const list = listHomes(db, query);
  return data(
    {
      items: list.items.map(({ photo, ...home }) => ({ ...home, photo: photo ? photoSources(photo) : null })),
      page: list.page,
      total: list.total,
      query: {
        zip: query.zip ?? "",
        minPrice: query.minPrice?.toString() ?? "",
        maxPrice: query.maxPrice?.toString() ?? "",
        beds: query.beds?.toString() ?? "",
      },
    },
    { headers: { [PAGE_SCOPE_HEADER]: scope } },
  );
}

export const headers: HeadersFunction = pageHeaders;

export default function Homes() {
  const { items, page, total, query } = useLoaderData<typeof loader>();
  const pageCount = Math.max(1, Math.ceil(total / HOMES_PAGE_SIZE));
  const filtered = Object.values(query).some(Boolean);
  const filter = new URLSearchParams(Object.entries(query).filter(([, v]) => v)).toString();
  const field = (name: keyof typeof query, label: string, width: string) => (
    <div>
      <label htmlFor={`homes-${name}`} className="text-sm font-semibold">
        {label}
      </label>
      <input
        id={`homes-${name}`}
        name={name}
        inputMode="numeric"
        defaultValue={query[name]}
        className={`${inputClass} ${width}`}
      />
    </div>
  );
  return (
    <div className="mx-auto max-w-6xl px-4 py-12">
      <h1 className="text-3xl font-bold text-brand-900">Homes for Sale</h1>
      <p className="mt-2 text-slate-600">The homes we list for their sellers, with their open houses.</p>
      <Form method="get" className="mt-6 flex flex-wrap items-end gap-3" role="search" aria-label="Filter the homes">
        {field("minPrice", "Min price ($)", "w-36")}
        {field("maxPrice", "Max price ($)", "w-36")}
        {field("beds", "Bedrooms (at least)", "w-36")}
        {field("zip", "ZIP code", "w-28")}
        <button type="submit" className="rounded-md bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700">
          Filter
        </button>
        {filtered ? (
          <a href="/homes" className="py-2 font-semibold text-brand-700">
            Show all
          </a>
        ) : null}
      </Form>
      {items.length === 0 ? (
        <section className={`mt-10 ${card} p-10 text-center`}>
          <h2 className="text-2xl font-semibold">{filtered ? "No homes match" : "Coming Soon"}</h2>
          <p className="mt-2 text-slate-600">
            {filtered ? "Try a wider price range or another ZIP code." : "Our listings will be shown here."}
          </p>
        </section>
      ) : (
        <>
          <p className="mt-6 text-sm text-slate-600">
            {total.toLocaleString("en-US")} {total === 1 ? "home" : "homes"}
          </p>
          <ul className="mt-3 grid gap-6 md:grid-cols-2 lg:grid-cols-3">
            {items.map((home) => (
              <li key={home.slug}>
                <HomeCard home={home} />
              </li>
            ))}
          </ul>
          <Pager page={page} pageCount={pageCount} href={(p) => `/homes?${filter ? `${filter}&` : ""}page=${p}`} />
        </>
      )}
    </div>
  );
}

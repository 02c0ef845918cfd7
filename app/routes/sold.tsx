/**
 * /sold: the homes we sold whose clients said yes, newest first, 24 a page, by ZIP code or
 * neighbourhood (a plain GET form: works without JavaScript), with what all of them saved.
 */
import { data, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { card } from "~/components/card";
import { inputClass } from "~/components/field-shell";
import { Pager } from "~/components/pager";
import { SaleCard, SavingBasis } from "~/components/proof";
import { getDb } from "~/infra/database.server";
import { formatMoney } from "~/lib/money";
import { calculateSavings } from "~/lib/pricing";
import { PROOF_PAGE_SIZE, soldQuerySchema } from "~/lib/proof-schema";
import { PAGE_SCOPE_HEADER, pageHeaders } from "~/lib/route-access";
import { pageMeta } from "~/lib/seo";
import { pageScopeHeader } from "~/models/content-version.server";
import { saleCard } from "~/models/public-proof.server";
import { listSold, soldTotals } from "~/models/sold-home.server";

export const meta: MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Homes We Sold | San Diego Flat-Fee Real Estate",
    description:
      "San Diego homes we sold for a flat fee: the price, the fee paid and what each seller saved against a 3% commission.",
    path: "/sold",
  });

export async function loader({ request }: LoaderFunctionArgs) {
  const db = getDb();
  const scope = pageScopeHeader(db, "sold");
  const query = soldQuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  const list = listSold(db, query);
  return data(
    {
      items: list.items.map(saleCard),
      page: list.page,
      total: list.total,
      zip: query.zip ?? "",
      area: query.area ?? "",
      totals: soldTotals(db),
    },
    { headers: { [PAGE_SCOPE_HEADER]: scope } },
  );
}

export const headers: HeadersFunction = pageHeaders;

/** The rule of every "Saved $X" on the site, with an example (B&P 17500: a comparison says what it compares). */
function HowWeCount() {
  const price = 85_000_000;
  const commission = calculateSavings(price)!.traditionalFeeCents;
  const fee = 1_000_000;
  return (
    <section id="how" aria-labelledby="how-title" className={`mt-12 scroll-mt-20 ${card} p-6`}>
      <h2 id="how-title" className="text-2xl font-semibold text-brand-900">
        How we count what a seller saved
      </h2>
      <p className="mt-3 text-slate-700">
        A saving compares the flat fee the seller paid us, as their signed listing agreement states it, with a 3 %
        listing commission on the same sale price. It leaves out what a seller may also pay a buyer&apos;s broker (or
        give the buyer as a credit), which is negotiated apart and paid the same whichever listing broker they choose. A
        fee marked &ldquo;estimated&rdquo; comes from our price tiers because the signed listing agreement was not on
        file with us. Homes our clients bought are shown without a fee or a saving: a buyer pays no listing fee, and
        none of them is counted in what our sellers have saved.
      </p>
      <p className="mt-3 text-slate-700">
        For example: a home sold for {formatMoney(price)}. A 3 % listing commission would be {formatMoney(commission)};
        the seller&apos;s agreement says {formatMoney(fee)}. The seller saved {formatMoney(commission)} −{" "}
        {formatMoney(fee)} = {formatMoney(commission - fee)}.
      </p>
      <p className="mt-3 text-sm text-slate-700">
        Commissions are not fixed by law; they are negotiable between each seller and their broker.
      </p>
    </section>
  );
}

export default function Sold() {
  const { items, page, total, zip, area, totals } = useLoaderData<typeof loader>();
  const pageCount = Math.max(1, Math.ceil(total / PROOF_PAGE_SIZE));
  const filter = zip ? `zip=${zip}&` : area ? `area=${encodeURIComponent(area)}&` : "";
  return (
    <div className="mx-auto max-w-6xl px-4 py-12">
      <h1 className="text-3xl font-bold text-brand-900">Homes We Sold</h1>
      {totals.savedCents > 0 ? (
        <p className="mt-2 text-lg text-slate-700" data-testid="sellers-saved">
          Our sellers have saved {formatMoney(totals.savedCents)}, <SavingBasis />.
        </p>
      ) : null}
      <p className="mt-2 text-slate-700">Shown with each client&apos;s permission.</p>
      <Form method="get" className="mt-6 flex flex-wrap items-end gap-3" role="search" aria-label="Filter the homes">
        <div>
          <label htmlFor="sold-zip" className="text-sm font-semibold">
            ZIP code
          </label>
          <input
            id="sold-zip"
            name="zip"
            inputMode="numeric"
            pattern="\d{5}"
            maxLength={5}
            defaultValue={zip}
            className={inputClass}
          />
        </div>
        <div>
          <label htmlFor="sold-area" className="text-sm font-semibold">
            Neighbourhood
          </label>
          <input id="sold-area" name="area" maxLength={60} defaultValue={area} className={inputClass} />
        </div>
        <button type="submit" className="rounded-md bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700">
          Filter
        </button>
        {zip || area ? (
          <a href="/sold" className="py-2 font-semibold text-brand-700">
            Show all
          </a>
        ) : null}
      </Form>
      {items.length === 0 ? (
        <section className={`mt-10 ${card} p-10 text-center`}>
          <h2 className="text-2xl font-semibold">{zip || area ? "No homes shown here yet" : "Coming Soon"}</h2>
          <p className="mt-2 text-slate-600">
            {zip || area
              ? "We have not shown a sale in this area yet. Try another ZIP code or neighbourhood."
              : "The first homes we sold will be shown here, with their sellers' permission."}
          </p>
        </section>
      ) : (
        <>
          <p className="mt-6 text-sm text-slate-600">
            {total.toLocaleString("en-US")} {total === 1 ? "home" : "homes"}
          </p>
          <ul className="mt-3 grid gap-6 md:grid-cols-2 lg:grid-cols-3">
            {items.map((sale) => (
              <li key={sale.id}>
                <SaleCard sale={sale} />
              </li>
            ))}
          </ul>
          <Pager page={page} pageCount={pageCount} href={(p) => `/sold?${filter}page=${p}`} />
        </>
      )}
      <HowWeCount />
    </div>
  );
}

/** /reviews: every published review, newest first, 24 a page, with the average and the count. */
import { data, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { card } from "~/components/card";
import { Pager } from "~/components/pager";
import { ReviewCard, ReviewSummary } from "~/components/proof";
import { getDb } from "~/infra/database.server";
import { PROOF_PAGE_SIZE } from "~/lib/proof-schema";
import { PAGE_SCOPE_HEADER, pageHeaders } from "~/lib/route-access";
import { pageMeta } from "~/lib/seo";
import { pageScopeHeader } from "~/models/content-version.server";
import { reviewCard } from "~/models/public-proof.server";
import { listReviews, reviewStats } from "~/models/review.server";

export const meta: MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Client Reviews | San Diego Flat-Fee Real Estate",
    description: "What our clients say about buying and selling with us: every published review, good or bad.",
    path: "/reviews",
  });

export async function loader({ request }: LoaderFunctionArgs) {
  const db = getDb();
  const scope = pageScopeHeader(db, "reviews");
  const raw = new URL(request.url).searchParams.get("page") ?? "1";
  const page = /^[1-9]\d{0,5}$/.test(raw) ? Number(raw) : 1;
  const list = listReviews(db, { page });
  return data(
    { items: list.items.map(reviewCard), page, total: list.total, ...reviewStats(db) },
    { headers: { [PAGE_SCOPE_HEADER]: scope } },
  );
}

export const headers: HeadersFunction = pageHeaders;

export default function Reviews() {
  const { items, page, total, average, count } = useLoaderData<typeof loader>();
  const pageCount = Math.max(1, Math.ceil(total / PROOF_PAGE_SIZE));
  return (
    <div className="mx-auto max-w-6xl px-4 py-12">
      <h1 className="text-3xl font-bold text-brand-900">What Our Clients Say</h1>
      <div className="mt-3">
        <ReviewSummary average={average} count={count} />
      </div>
      <p className="mt-2 text-slate-600">
        Every review comes from a client of a completed transaction, and every one is published, good or bad, under our{" "}
        <Link to="/reviews/policy">content policy</Link>. We offer nothing in exchange for a review.
      </p>
      {items.length === 0 ? (
        <section className={`mt-10 ${card} p-10 text-center`}>
          <h2 className="text-2xl font-semibold">No reviews yet</h2>
          <p className="mt-2 text-slate-600">Our clients are asked for a review once their transaction is complete.</p>
        </section>
      ) : (
        <>
          <ul className="mt-8 grid gap-6 md:grid-cols-2">
            {items.map((review) => (
              <li key={review.id}>
                <ReviewCard review={review} />
              </li>
            ))}
          </ul>
          <Pager page={page} pageCount={pageCount} href={(p) => `/reviews?page=${p}`} />
        </>
      )}
    </div>
  );
}

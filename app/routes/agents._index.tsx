/** /agents: every active, licensed member of the team with a saved profile, in the team's order, 24 a page. */
import { data, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { card } from "~/components/card";
import { AgentCard } from "~/components/proof";
import { useSite } from "~/hooks/use-site";
import { getDb } from "~/infra/database.server";
import { PAGE_SCOPE_HEADER, pageHeaders } from "~/lib/route-access";
import { pageMeta } from "~/lib/seo";
import { Pager } from "~/components/pager";
import { PROOF_PAGE_SIZE } from "~/lib/proof-schema";
import { pagePublicAgents } from "~/models/agent-profile.server";
import { agentCard } from "~/models/public-proof.server";
import { pageScopeHeader } from "~/models/content-version.server";

export const meta: MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Our Agents | San Diego Flat-Fee Real Estate",
    description: "Meet our licensed San Diego agents: their areas, languages, homes sold and client reviews.",
    path: "/agents",
  });

export async function loader({ request }: LoaderFunctionArgs) {
  const db = getDb();
  // The scope is read before the data: a change in between makes the cached page stale, never wrong.
  const scope = pageScopeHeader(db, "agents");
  const raw = new URL(request.url).searchParams.get("page") ?? "1";
  const list = pagePublicAgents(db, /^[1-9]\d{0,5}$/.test(raw) ? Number(raw) : 1, PROOF_PAGE_SIZE);
  return data(
    { agents: list.items.map(agentCard), page: list.page, total: list.total },
    { headers: { [PAGE_SCOPE_HEADER]: scope } },
  );
}

export const headers: HeadersFunction = pageHeaders;

export default function Agents() {
  const { agents, page, total } = useLoaderData<typeof loader>();
  const site = useSite();
  return (
    <div className="mx-auto max-w-6xl px-4 py-12">
      <h1 className="text-3xl font-bold text-brand-900">Our Agents</h1>
      <p className="mt-2 text-slate-600">
        Licensed California real estate agents who work for one flat fee. Every one of them is supervised by our
        responsible broker.
      </p>
      {agents.length === 0 || !site ? (
        <section className={`mt-10 ${card} p-10 text-center`}>
          <h2 className="text-2xl font-semibold">Our team is on its way</h2>
          <p className="mt-2 text-slate-600">Call or write to us in the meantime: the broker answers.</p>
          <a href="/#contact" className="mt-6 inline-block rounded-md bg-brand-600 px-5 py-2 font-semibold text-white">
            Contact Us
          </a>
        </section>
      ) : (
        <ul className="mt-10 grid gap-6 md:grid-cols-2">
          {agents.map((agent, index) => (
            <li key={agent.slug}>
              <AgentCard agent={agent} site={site} eager={index < 4} />
            </li>
          ))}
        </ul>
      )}
      <Pager
        page={page}
        pageCount={Math.max(1, Math.ceil(total / PROOF_PAGE_SIZE))}
        href={(p) => `/agents?page=${p}`}
      />
    </div>
  );
}

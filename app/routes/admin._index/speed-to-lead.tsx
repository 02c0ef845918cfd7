/** The dashboard's speed to lead (app/models/speed-to-lead.server.ts): shown only once there is any. */
import { Link } from "@remix-run/react";
import { countOf } from "~/lib/plural";
import { panel } from "./panel";

export type SpeedToLeadView = {
  agents: Array<{ id: string; name: string; leads: number; median: string | null }>;
  untouched: Array<{ id: number; name: string; agent: string; waiting: string }>;
};

/** Each agent's median time to a first action on a new lead (30 days), and the leads waiting over an hour. */
export function SpeedToLead({ speed }: { speed: SpeedToLeadView }) {
  if (speed.agents.length === 0 && speed.untouched.length === 0) return null;
  return (
    <section className={`${panel} mt-6`} aria-labelledby="speed-title" data-testid="speed-to-lead">
      <h2 id="speed-title" className="text-lg font-semibold">
        Speed to lead, last 30 days
      </h2>
      <ul className="mt-2 grid gap-1 text-sm sm:grid-cols-2">
        {speed.agents.map((a) => (
          <li key={a.id}>
            <span className="font-semibold">{a.name}</span>: median {a.median ?? "no answer yet"} over{" "}
            {countOf(a.leads, "lead")}
          </li>
        ))}
      </ul>
      {speed.untouched.length ? (
        <>
          <h3 className="mt-3 text-sm font-semibold text-red-700">Untouched for more than an hour</h3>
          <ul className="mt-1 grid gap-1 text-sm" data-testid="untouched-leads">
            {speed.untouched.map((l) => (
              <li key={l.id}>
                <Link to={`/admin/leads/${l.id}`}>{l.name}</Link> · {l.agent} · waiting {l.waiting}
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}

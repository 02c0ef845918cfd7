/**
 * The portal's "Your agent" card: the transaction's assigned agent (full name, phone, e-mail, DRE license
 * number), or the broker's when no agent is assigned (docs/decisions/030-team.md).
 */
import { card } from "~/components/card";
import { telHref } from "~/lib/format";

export type AgentCard = { name: string; phone: string | null; email: string; licenseNumber: string | null };

export function YourAgent({ agent }: { agent: AgentCard }) {
  return (
    <section aria-labelledby="your-agent-title" className={`mb-6 ${card} p-5`} data-testid="your-agent">
      <h2 id="your-agent-title" className="text-lg font-semibold">
        Your agent
      </h2>
      <p className="mt-1 font-semibold">{agent.name}</p>
      <p className="text-sm text-slate-700">
        {agent.phone ? (
          <>
            <a href={telHref(agent.phone)}>{agent.phone}</a> ·{" "}
          </>
        ) : null}
        <a href={`mailto:${agent.email}`}>{agent.email}</a>
        {agent.licenseNumber ? <> · DRE #{agent.licenseNumber}</> : null}
      </p>
    </section>
  );
}

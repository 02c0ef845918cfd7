/**
 * The workspace overview's Team section: who has the transaction (its agent, its collaborators) and, for admins,
 * the form to change it and the link to its file's export (docs/decisions/030-team.md).
 */
import { Form } from "@remix-run/react";
import { AgentPicker, CollaboratorPicker } from "~/components/agent-picker";
import { card } from "~/components/card";
import { buttonOutline, SubmitButton } from "~/components/submit-button";
import { assignmentIntents } from "~/lib/intents";

export type TeamData = {
  agent: string | null;
  collaborators: string[];
  agentId: string | null;
  collaboratorIds: string[];
  /** The agents to choose from: admins only (null for an agent). */
  agents: Array<{ id: string; name: string }> | null;
};

export function TeamSection({ transactionId, team }: { transactionId: number; team: TeamData }) {
  return (
    <section id="team" aria-labelledby="team-title" className={`mt-6 ${card} p-5`}>
      <div className="flex flex-wrap items-baseline justify-between gap-3">
        <h2 id="team-title" className="text-lg font-semibold">
          Team
        </h2>
        <div className="flex flex-wrap gap-3 text-sm">
          {team.agents ? (
            <a href={`/admin/transactions/${transactionId}/export`} download>
              Export the file (ZIP)
            </a>
          ) : null}
        </div>
      </div>
      <p className="mt-1 text-sm text-slate-700" data-testid="transaction-agent">
        Agent: {team.agent ?? "none (admins only)"}
        {team.collaborators.length ? ` · Collaborators: ${team.collaborators.join(", ")}` : ""}
      </p>
      {team.agents ? (
        <Form method="post" preventScrollReset className="mt-3 grid gap-3">
          <AgentPicker agents={team.agents} value={team.agentId} />
          <CollaboratorPicker agents={team.agents} value={team.collaboratorIds} />
          <div>
            <SubmitButton intent={assignmentIntents.assign} pendingLabel="Saving..." className={buttonOutline}>
              Save the team
            </SubmitButton>
          </div>
        </Form>
      ) : null}
    </section>
  );
}

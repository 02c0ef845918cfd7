/**
 * The agent a transaction or a lead is assigned to (a select named `assignedAgentId`; "No agent" leaves
 * it to the admins) and, for a transaction, its collaborators (checkboxes named `collaboratorIds`).
 * Plain form controls inside the caller's form: the workspace, the lead page, the lists' bulk form.
 */
import { inputClass } from "~/components/field-shell";

type Agent = { id: string; name: string };

export function AgentPicker({
  agents,
  value,
  label = "Assigned agent",
}: {
  agents: Agent[];
  value: string | null;
  label?: string;
}) {
  return (
    <label className="block text-sm font-semibold">
      {label}
      <select name="assignedAgentId" defaultValue={value ?? ""} className={`${inputClass} min-w-[14rem]`}>
        <option value="">No agent (admins only)</option>
        {agents.map((a) => (
          <option key={a.id} value={a.id}>
            {a.name}
          </option>
        ))}
      </select>
    </label>
  );
}

export function CollaboratorPicker({ agents, value }: { agents: Agent[]; value: string[] }) {
  return (
    <fieldset className="text-sm">
      <legend className="font-semibold">Collaborators</legend>
      {/* The form replaces the collaborators: none checked is none (app/lib/team-schema.ts assignmentOfForm). */}
      <input type="hidden" name="collaboratorsShown" value="1" />
      <div className="mt-1 flex flex-wrap gap-x-4 gap-y-1">
        {agents.map((a) => (
          <label key={a.id} className="inline-flex min-h-[44px] items-center gap-2">
            <input type="checkbox" name="collaboratorIds" value={a.id} defaultChecked={value.includes(a.id)} />
            {a.name}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

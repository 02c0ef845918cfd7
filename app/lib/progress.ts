/** Progress of a transaction (docs/spec.md §4): the two readings. Pure. */
import { MILESTONE_TEMPLATES } from "~/lib/milestone-templates";

/** Steps of each type (buying 13, selling 14): as many as its standard milestones. */
export const TOTAL_STEPS = {
  buying: MILESTONE_TEMPLATES.buying.length,
  selling: MILESTONE_TEMPLATES.selling.length,
} as const;

export type MilestoneLike = { stepNumber: number; status: string };

/** Reading one: completed milestones over all milestones, as steps and a rounded percentage. */
export function milestoneProgress(milestones: readonly MilestoneLike[]) {
  const total = milestones.length;
  const completed = milestones.filter((m) => m.status === "completed").length;
  return { completed, total, percent: total === 0 ? 0 : Math.round((completed / total) * 100) };
}

/** Reading two: currentStep over the type's total steps, times 100, rounded. */
export function stepProgress(currentStep: number, type: keyof typeof TOTAL_STEPS) {
  return Math.round((currentStep / TOTAL_STEPS[type]) * 100);
}

/** currentStep: the step number of the first milestone not completed; the total when all are. */
export function currentStepOf(milestones: readonly MilestoneLike[], type: keyof typeof TOTAL_STEPS) {
  if (milestones.length === 0) return 1;
  const sorted = [...milestones].sort((a, b) => a.stepNumber - b.stepNumber);
  const open = sorted.find((m) => m.status !== "completed");
  return open ? open.stepNumber : Math.max(sorted.at(-1)!.stepNumber, TOTAL_STEPS[type]);
}

export const MILESTONE_STATUS_LABELS = {
  not_started: { label: "Not Started", colour: "gray" },
  in_progress: { label: "In Progress", colour: "yellow" },
  completed: { label: "Completed", colour: "green" },
  action_required: { label: "Action Required", colour: "red" },
} as const;

export const STEP_BANDS = ["early", "middle", "closing"] as const;
export type StepBand = (typeof STEP_BANDS)[number];

/** Where a transaction stands: its first third of steps is early, the last third closing (buying 1–4/5–8/9–13, selling 1–4/5–9/10–14). */
export function stepBand(currentStep: number, type: keyof typeof TOTAL_STEPS): StepBand {
  const share = currentStep / TOTAL_STEPS[type];
  return share <= 1 / 3 ? "early" : share <= 2 / 3 ? "middle" : "closing";
}

/** A milestone's notes, as the milestone and the Update Milestone dialog both label them (the client sees them). */
export const MILESTONE_NOTES_LABEL = "Notes";

import { describe, expect, it } from "vitest";
import { currentStepOf, milestoneProgress, stepProgress, TOTAL_STEPS } from "~/lib/progress";

const steps = (statuses: string[]) => statuses.map((status, i) => ({ stepNumber: i + 1, status }));

describe("progress", () => {
  it("counts completed over total, rounded", () => {
    expect(milestoneProgress([])).toEqual({ completed: 0, total: 0, percent: 0 });
    expect(milestoneProgress(steps(["completed", "in_progress", "not_started"]))).toEqual({
      completed: 1,
      total: 3,
      percent: 33,
    });
    expect(milestoneProgress(steps(["completed", "completed", "not_started"]))).toEqual({
      completed: 2,
      total: 3,
      percent: 67,
    });
    expect(milestoneProgress(steps(Array(13).fill("completed"))).percent).toBe(100);
  });

  it("reads currentStep over 13 or 14 steps", () => {
    expect(TOTAL_STEPS).toEqual({ buying: 13, selling: 14 });
    expect(stepProgress(1, "buying")).toBe(8);
    expect(stepProgress(7, "selling")).toBe(50);
    expect(stepProgress(13, "buying")).toBe(100);
  });

  it("puts currentStep on the first milestone not completed", () => {
    expect(currentStepOf([], "buying")).toBe(1);
    expect(currentStepOf(steps(["completed", "action_required", "completed"]), "buying")).toBe(2);
    expect(currentStepOf(steps(Array(14).fill("completed")), "selling")).toBe(14);
  });
});

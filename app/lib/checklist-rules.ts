/**
 * When a checklist item is required of a file (docs/file-review.md): as its checklist says, or only when a fact of
 * the home holds. The lead-based paint disclosure is owed for a home built before 1978 (42 U.S.C. 4852d; 40 CFR
 * 745.113); while the year built is unknown it is required, since nobody can say it is not.
 */
import type { ChecklistCondition } from "~/domain/enums";

/** The year the federal lead-paint rules name: homes built before it. */
export const LEAD_PAINT_YEAR = 1978;

/** The facts of a home a condition reads. */
export type HomeFacts = { yearBuilt: number | null };

export function conditionHolds(condition: ChecklistCondition, home: HomeFacts): boolean {
  switch (condition) {
    case "built_before_1978":
      return home.yearBuilt === null || home.yearBuilt < LEAD_PAINT_YEAR;
  }
}

/** Whether an item is required of this home. */
export const isRequiredFor = (
  item: { required: boolean; requiredWhen?: ChecklistCondition | null },
  home: HomeFacts,
): boolean => item.required && (!item.requiredWhen || conditionHolds(item.requiredWhen, home));

/** The condition in words, beside the item ("required: built before 1978 or year unknown"). */
export const CONDITION_WORDS: Record<ChecklistCondition, string> = {
  built_before_1978: "required when the home was built before 1978 (or the year is not entered)",
};

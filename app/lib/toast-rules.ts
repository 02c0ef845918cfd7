/** The toasts' constants (docs/spec.md §9). */
export const TOAST_LIMIT = 1;
export const TOAST_DURATION_MS = 5000;
export const TOAST_SWIPE_THRESHOLD = 50;
export const TOAST_REMOVE_DELAY_MS = 1_000_000;
export const TOAST_HOTKEY = ["F8"];

export type ClientToast = {
  id: string;
  title?: string;
  description: string;
  variant: "default" | "destructive";
};

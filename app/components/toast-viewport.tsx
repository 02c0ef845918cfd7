/**
 * The Radix toast region (loaded on demand by the toaster when the first toast
 * appears): 5000 ms, swipe right past 50 px, F8 focuses the region. Where it hides no
 * button: on a wide screen at the bottom left, away from the rows' buttons, which stand
 * on the right (Mark done, Waive, Update, Remove); on a phone over the site's sticky
 * header, beside its Menu button (it covers the agency's name for five seconds), never
 * over the page, whose buttons fill the screen's width.
 */
import * as ToastPrimitive from "@radix-ui/react-toast";
import { TOAST_DURATION_MS, TOAST_HOTKEY, TOAST_SWIPE_THRESHOLD, type ClientToast } from "~/lib/toast-rules";

export type ShownToast = ClientToast & { open: boolean };

export const variantClass = {
  default: "border-slate-200 bg-white text-slate-900",
  destructive: "border-red-600 bg-red-600 text-white",
} as const;

export default function ToastViewport({
  toasts,
  onDismiss,
}: {
  toasts: ShownToast[];
  onDismiss: (id: string) => void;
}) {
  return (
    <ToastPrimitive.Provider duration={TOAST_DURATION_MS} swipeDirection="right" swipeThreshold={TOAST_SWIPE_THRESHOLD}>
      {toasts.map((t) => (
        <ToastPrimitive.Root
          key={t.id}
          open={t.open}
          onOpenChange={(open) => (open ? undefined : onDismiss(t.id))}
          type={t.variant === "destructive" ? "foreground" : "background"}
          className={`group pointer-events-auto relative flex w-full items-start justify-between gap-3 rounded-lg border px-3 py-1.5 pr-8 shadow-lg md:p-4 md:pr-8 data-[state=closed]:hidden data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] data-[swipe=end]:hidden ${variantClass[t.variant]}`}
          data-variant={t.variant}
        >
          <div className="grid md:gap-1">
            {t.title ? (
              <ToastPrimitive.Title className="text-sm font-semibold leading-5">{t.title}</ToastPrimitive.Title>
            ) : null}
            <ToastPrimitive.Description className="text-sm leading-5 opacity-90">
              {t.description}
            </ToastPrimitive.Description>
          </div>
          <ToastPrimitive.Close
            aria-label="Close"
            className="absolute right-2 top-2 rounded p-1 text-current opacity-70 hover:opacity-100"
          >
            <span aria-hidden="true">×</span>
          </ToastPrimitive.Close>
        </ToastPrimitive.Root>
      ))}
      <ToastPrimitive.Viewport
        hotkey={TOAST_HOTKEY}
        className="fixed left-0 top-0 z-[100] flex w-[calc(100%-6.5rem)] flex-col p-1.5 md:bottom-0 md:top-auto md:w-full md:max-w-[420px] md:p-4"
      />
    </ToastPrimitive.Provider>
  );
}

/**
 * The Radix toast region (loaded on demand by the toaster when the first toast
 * appears): 5000 ms, swipe right past 50 px, F8 focuses the region.
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
          className={`group pointer-events-auto relative flex w-full items-start justify-between gap-3 rounded-lg border p-4 pr-8 shadow-lg data-[state=closed]:hidden data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] data-[swipe=end]:hidden ${variantClass[t.variant]}`}
          data-variant={t.variant}
        >
          <div className="grid gap-1">
            {t.title ? <ToastPrimitive.Title className="text-sm font-semibold">{t.title}</ToastPrimitive.Title> : null}
            <ToastPrimitive.Description className="text-sm opacity-90">{t.description}</ToastPrimitive.Description>
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
        className="fixed top-0 z-[100] flex max-h-screen w-full flex-col-reverse p-4 sm:bottom-0 sm:right-0 sm:top-auto sm:flex-col md:max-w-[420px]"
      />
    </ToastPrimitive.Provider>
  );
}

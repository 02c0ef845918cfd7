/**
 * One toast at a time (SPEC §9). A server flash message arrives through the
 * root loader: before hydration (and with JavaScript off) it is a visible
 * role="status" banner; once hydrated it becomes a Radix toast, as do toasts
 * raised in the browser with `useToast()`.
 */
import * as ToastPrimitive from "@radix-ui/react-toast";
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from "react";
import {
  TOAST_DURATION_MS,
  TOAST_HOTKEY,
  TOAST_LIMIT,
  TOAST_REMOVE_DELAY_MS,
  TOAST_SWIPE_THRESHOLD,
  type ClientToast,
} from "~/lib/toast";
import { useHydrated } from "~/lib/use-hydrated";

type Shown = ClientToast & { open: boolean };
type Push = (toast: Omit<ClientToast, "id" | "variant"> & Partial<Pick<ClientToast, "id" | "variant">>) => void;

const ToastContext = createContext<Push>(() => {});
export const useToast = () => useContext(ToastContext);

const variantClass = {
  default: "border-slate-200 bg-white text-slate-900",
  destructive: "border-red-600 bg-red-600 text-white",
} as const;

export function FlashBanner({ toast }: { toast: ClientToast }) {
  return (
    <div
      role="status"
      className={`mx-auto mt-4 max-w-3xl rounded-lg border px-4 py-3 shadow-sm ${variantClass[toast.variant]}`}
      data-flash
    >
      {toast.title ? <p className="font-semibold">{toast.title}</p> : null}
      <p className="text-sm">{toast.description}</p>
    </div>
  );
}

export function ToasterProvider({
  flash,
  children,
}: {
  flash: ClientToast | null;
  children: ReactNode;
}) {
  const hydrated = useHydrated();
  const [toasts, setToasts] = useState<Shown[]>([]);
  const timers = useRef(new Map<string, ReturnType<typeof setTimeout>>());

  const push = useCallback<Push>((input) => {
    const toast: Shown = {
      id: input.id ?? crypto.randomUUID(),
      title: input.title,
      description: input.description,
      variant: input.variant ?? "default",
      open: true,
    };
    setToasts((current) =>
      current.some((t) => t.id === toast.id) ? current : [toast, ...current].slice(0, TOAST_LIMIT),
    );
  }, []);

  useEffect(() => {
    if (flash) push(flash);
  }, [flash, push]);

  useEffect(() => {
    const pending = timers.current;
    return () => pending.forEach(clearTimeout);
  }, []);

  const dismiss = useCallback((id: string) => {
    setToasts((current) => current.map((t) => (t.id === id ? { ...t, open: false } : t)));
    timers.current.set(
      id,
      setTimeout(() => {
        setToasts((current) => current.filter((t) => t.id !== id));
        timers.current.delete(id);
      }, TOAST_REMOVE_DELAY_MS),
    );
  }, []);

  const value = useMemo(() => push, [push]);

  return (
    <ToastContext.Provider value={value}>
      {!hydrated && flash ? <FlashBanner toast={flash} /> : null}
      <ToastPrimitive.Provider
        duration={TOAST_DURATION_MS}
        swipeDirection="right"
        swipeThreshold={TOAST_SWIPE_THRESHOLD}
      >
        {children}
        {toasts.map((t) => (
          <ToastPrimitive.Root
            key={t.id}
            open={t.open}
            onOpenChange={(open) => (open ? undefined : dismiss(t.id))}
            type={t.variant === "destructive" ? "foreground" : "background"}
            className={`group pointer-events-auto relative flex w-full items-start justify-between gap-3 rounded-lg border p-4 pr-8 shadow-lg data-[state=closed]:hidden data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] data-[swipe=end]:hidden ${variantClass[t.variant]}`}
            data-variant={t.variant}
          >
            <div className="grid gap-1">
              {t.title ? (
                <ToastPrimitive.Title className="text-sm font-semibold">{t.title}</ToastPrimitive.Title>
              ) : null}
              <ToastPrimitive.Description className="text-sm opacity-90">
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
          className="fixed top-0 z-[100] flex max-h-screen w-full flex-col-reverse p-4 sm:bottom-0 sm:right-0 sm:top-auto sm:flex-col md:max-w-[420px]"
        />
      </ToastPrimitive.Provider>
    </ToastContext.Provider>
  );
}

import { useEffect, useRef } from "react";
import { useRevalidator } from "@remix-run/react";

/** How often an open, visible conversation asks whether the other side wrote (docs/decisions/019-messages.md). */
export const MESSAGE_POLL_MS = 3000;

/**
 * While the page is open and visible, asks every MESSAGE_POLL_MS for messages after the newest shown
 * (`GET /api/transactions/{id}/messages?after={id}`: one indexed read, usually an empty list) and reloads
 * the page's data when there are some. Coming back to the tab asks at once. `newestId` 0: the thread is
 * empty; null: not polling (older messages are shown).
 */
export function useNewMessages(transactionId: number, newestId: number | null) {
  const revalidator = useRevalidator();
  const latest = useRef(revalidator);
  latest.current = revalidator;
  useEffect(() => {
    if (newestId === null) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const schedule = () => {
      clearTimeout(timer);
      if (!stopped) timer = setTimeout(() => void poll(), MESSAGE_POLL_MS);
    };
    const poll = async () => {
      if (document.visibilityState === "visible" && latest.current.state === "idle") {
        try {
          // An empty thread asks for its latest messages: any answer but [] is news.
          const query = newestId > 0 ? `?after=${newestId}` : "";
          const answer = await fetch(`/api/transactions/${transactionId}/messages${query}`, {
            headers: { accept: "application/json" },
          });
          const fresh = answer.ok ? ((await answer.json()) as unknown[]) : [];
          if (!stopped && fresh.length > 0) latest.current.revalidate();
        } catch {
          // Offline for a moment: the next poll tries again.
        }
      }
      schedule();
    };
    const onVisible = () => {
      if (document.visibilityState === "visible") void poll();
    };
    schedule();
    document.addEventListener("visibilitychange", onVisible);
    return () => {
      stopped = true;
      clearTimeout(timer);
      document.removeEventListener("visibilitychange", onVisible);
    };
  }, [transactionId, newestId]);
}

/**
 * The time left to answer an offer: the server writes it as of the page's render; with JavaScript it
 * counts down every 30 seconds. The exact time (San Diego) is its title and `dateTime`.
 */
import { useEffect, useState } from "react";
import { formatDateTime } from "~/lib/format";
import { timeLeft } from "~/lib/time";

export function Countdown({ until, now }: { until: string | null; now: string }) {
  const [current, setCurrent] = useState(() => Date.parse(now));
  useEffect(() => {
    setCurrent(Date.now());
    const timer = setInterval(() => setCurrent(Date.now()), 30_000);
    return () => clearInterval(timer);
  }, []);
  if (!until) return <span className="text-slate-500">No expiry</span>;
  const left = Date.parse(until) - current;
  return (
    <time
      dateTime={until}
      title={`${formatDateTime(until)} (San Diego)`}
      className={
        left <= 0 ? "font-semibold text-red-700" : left < 24 * 3600 * 1000 ? "font-semibold text-amber-800" : ""
      }
      data-testid="countdown"
    >
      {timeLeft(left)}
    </time>
  );
}

import { useEffect, useState } from "react";

let hydrated = false;

/** False on the server and during hydration; true once React runs in the browser. */
export function useHydrated() {
  const [isHydrated, setHydrated] = useState(hydrated);
  useEffect(() => {
    hydrated = true;
    setHydrated(true);
  }, []);
  return isHydrated;
}

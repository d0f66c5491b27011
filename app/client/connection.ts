import { useEffect, useState } from "react";

type NetworkInformation = EventTarget & { saveData?: boolean; effectiveType?: string };
const SLOW_TYPES = new Set(["slow-2g", "2g"]);

/** behaviour.md §2: no prefetching in data-saver mode or on a 2g-or-slower connection. */
export function prefetchAllowed(connection: NetworkInformation | undefined): boolean {
  if (!connection) return true;
  if (connection.saveData) return false;
  return !SLOW_TYPES.has(connection.effectiveType ?? "");
}

/** 'intent' prefetch unless the connection asks us to save data; follows connection changes. */
export function usePrefetchMode(): "intent" | "none" {
  const [mode, setMode] = useState<"intent" | "none">("intent");
  useEffect(() => {
    const connection = (navigator as Navigator & { connection?: NetworkInformation }).connection;
    const update = () => setMode(prefetchAllowed(connection) ? "intent" : "none");
    update();
    connection?.addEventListener?.("change", update);
    return () => connection?.removeEventListener?.("change", update);
  }, []);
  return mode;
}

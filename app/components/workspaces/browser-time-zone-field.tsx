import { useEffect, useState } from "react";

/**
 * The browser's time zone as a hidden `time_zone` field of a new-workspace form. Filled after
 * hydration (the server cannot know it); a form sent before that leaves it empty and the action
 * falls back to the page language's zone (worker/workspaces/new-workspace-time-zone.ts).
 */
export function BrowserTimeZoneField() {
  const [zone, setZone] = useState("");
  useEffect(() => {
    setZone(Intl.DateTimeFormat().resolvedOptions().timeZone ?? "");
  }, []);
  return <input type="hidden" name="time_zone" value={zone} />;
}

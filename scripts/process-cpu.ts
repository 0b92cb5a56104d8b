import { readdirSync, readFileSync } from "node:fs";

const ticksPerMs = 100 / 1000; // USER_HZ is 100 on Linux

/**
 * CPU time (user + system, in ms) used so far by the processes called `name` — all of them, or
 * only the direct children of `parentPid` (the workerd a Miniflare in this process started).
 * Read from /proc: it counts work, not waiting, so it is steadier than a stopwatch on a busy machine.
 */
export function processCpuMs(name: string, parentPid?: number): number {
  let ticks = 0;
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      if (!stat.startsWith(`${entry} (${name})`)) continue;
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      if (parentPid !== undefined && Number(fields[1]) !== parentPid) continue;
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      /* the process ended meanwhile */
    }
  }
  return ticks / ticksPerMs;
}

import { readdirSync, readFileSync } from "node:fs";

const ticksPerMs = 100 / 1000; // USER_HZ is 100 on Linux

/** user + system ticks of one process from /proc/<pid>/stat, or null once it has ended. */
function readTicks(pid: string, name?: string, parentPid?: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    if (name !== undefined && !stat.startsWith(`${pid} (${name})`)) return null;
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    if (parentPid !== undefined && Number(fields[1]) !== parentPid) return null;
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return null; // the process ended meanwhile
  }
}

/**
 * CPU time (user + system, in ms) used so far by the processes called `name` — all of them, or
 * only the direct children of `parentPid` (the workerd a Miniflare in this process started).
 * Read from /proc: it counts work, not waiting, so it is steadier than a stopwatch on a busy machine.
 */
export function processCpuMs(name: string, parentPid?: number): number {
  let ticks = 0;
  for (const entry of readdirSync("/proc")) {
    if (/^\d+$/.test(entry)) ticks += readTicks(entry, name, parentPid) ?? 0;
  }
  return ticks / ticksPerMs;
}

/**
 * The same figure for the processes running now, found once: cheap enough to read around every
 * single request (a tick is 10 ms, so only sums over many requests mean anything).
 */
export function processCpuReader(name: string, parentPid?: number): () => number {
  const pids = readdirSync("/proc").filter(
    (entry) => /^\d+$/.test(entry) && readTicks(entry, name, parentPid) !== null,
  );
  return () => pids.reduce((ticks, pid) => ticks + (readTicks(pid) ?? 0), 0) / ticksPerMs;
}

/**
 * `npm run bench:rule-runs [-- --existing 100000 --rules 200]`: the rules' "Apply to existing transactions"
 * target — `--rules` rules applied to a workspace holding `--existing` transactions finish in chunks, no
 * request near the Worker's limits. The app is served as `npm start` serves it (the build in workerd's own
 * HTTP server) over a real sqld, behind a proxy that counts the database's requests. One run is driven the
 * way the Rules page drives it (README: "Rules"): start, scan until ready, apply until applied, undo until
 * undone; every call is timed. The seeded ledger's "Uber" expenses are what the "Uber" rule re-tags; the
 * other rules name shops no line has, so they are evaluated against every transaction and match nothing.
 * Prints a Markdown table. Not part of `npm test`.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { servedBenchWorkspace } from "./bench-workspace.ts";
import { commandArgument, type RunningProcess } from "./local-stack.ts";

const existing = Number(commandArgument("existing", "100000"));
const ruleCount = Number(commandArgument("rules", "200"));

type Run = { uuid: string; status: string; scanned: number; matched: number; applied: number; undone: number };
type Step = { calls: number; ms: number; slowestMs: number; trips: number; mostTrips: number };

const dataDir = mkdtempSync(join(tmpdir(), "moneta-bench-rule-runs-"));
const running: RunningProcess[] = [];
try {
  const { proxy, served, client, seeded } = await servedBenchWorkspace(dataDir, running, {
    count: existing,
    ruleCount,
  });
  client.close();
  const base = `${served.url}/api/workspaces/${seeded.workspaceId}/rules/runs`;
  const post = async (path: string, body?: unknown): Promise<Run> => {
    const response = await fetch(`${base}${path}`, {
      method: "POST",
      headers: { Cookie: `moneta_session=${seeded.token}`, Origin: served.url, "Content-Type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`POST ${path} answered ${response.status}: ${await response.text()}`);
    return ((await response.json()) as { data: Run }).data;
  };

  const steps: Record<string, Step> = {};
  /** Calls `path` until the run's status is `until`, timing each call and counting its database requests. */
  const driven = async (name: string, path: string, until: string, body?: unknown) => {
    const step: Step = { calls: 0, ms: 0, slowestMs: 0, trips: 0, mostTrips: 0 };
    steps[name] = step;
    for (;;) {
      const requestsBefore = proxy.requests();
      const started = performance.now();
      const run = await post(path, body);
      const ms = performance.now() - started;
      const trips = proxy.requests() - requestsBefore;
      Object.assign(step, {
        calls: step.calls + 1,
        ms: step.ms + ms,
        slowestMs: Math.max(step.slowestMs, ms),
        trips: step.trips + trips,
        mostTrips: Math.max(step.mostTrips, trips),
      });
      if (run.status === until) return run;
      if (step.calls > 10_000) throw new Error(`${name} never reached ${until}: ${JSON.stringify(run)}`);
    }
  };

  const started = await driven("start", "", "scanning", {});
  const scanned = await driven("scan", `/${started.uuid}/scan`, "ready");
  console.log(`  • scanned ${scanned.scanned.toLocaleString("en-US")}, ${scanned.matched} would change`);
  if (scanned.scanned < existing) throw new Error(`scanned ${scanned.scanned} of ${existing}`);
  if (scanned.matched === 0) throw new Error("the Uber rule matched nothing");
  const applied = await driven("apply", `/${started.uuid}/apply`, "applied");
  if (applied.applied !== scanned.matched) throw new Error(`applied ${applied.applied} of ${scanned.matched}`);
  const undone = await driven("undo", `/${started.uuid}/undo`, "undone");
  if (undone.undone !== applied.applied) throw new Error(`undid ${undone.undone} of ${applied.applied}`);

  console.log(
    `\n| ${ruleCount} rules over ${existing.toLocaleString("en-US")} transactions (${scanned.matched.toLocaleString("en-US")} change) | calls | total | slowest call | database requests (most in one call) |\n|---|---|---|---|---|\n${Object.entries(
      steps,
    )
      .map(
        ([name, step]) =>
          `| ${name} | ${step.calls} | ${(step.ms / 1000).toFixed(2)} s | ${(step.slowestMs / 1000).toFixed(2)} s | ${step.trips} (${step.mostTrips}) |`,
      )
      .join("\n")}`,
  );
} finally {
  for (const process of running.reverse()) await process.stop();
  rmSync(dataDir, { recursive: true, force: true });
}

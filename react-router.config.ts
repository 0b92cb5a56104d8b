import type { Config } from "@react-router/dev/config";

export default {
  appDirectory: "app",
  ssr: true,
  // Every route is known from the first page (the build's route manifest, one immutable file the service
  // worker keeps): the installed app navigates and posts offline without asking the server which route an
  // address is, and online no navigation waits for that question.
  routeDiscovery: { mode: "initial" },
} satisfies Config;

import { index, route, type RouteConfig } from "@react-router/dev/routes";

export default [
  index("routes/home.tsx"),
  route("style-guide", "routes/style-guide.tsx"),
  route("language", "routes/language.ts"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;

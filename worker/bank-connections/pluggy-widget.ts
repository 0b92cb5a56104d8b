/**
 * Pluggy's Connect widget: the script the bank connections page loads on the click that needs it, and the
 * frame it opens — allowed by that page's Content-Security-Policy and no other's.
 */
export const pluggyWidget = {
  script: "https://cdn.pluggy.ai/pluggy-connect/v2.7.0/pluggy-connect.js",
  frameOrigin: "https://connect.pluggy.ai",
} as const;

/** The built Worker in workerd through Miniflare's API: the same runner `npm start` serves with. */
export { startBuiltWorker } from "../../scripts/built-worker.ts";

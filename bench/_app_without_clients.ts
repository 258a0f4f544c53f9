/**
 * A yardstick of bench/cold_start_bench.ts: `main.ts` without `lib/boot.ts`, i.e. the app, its
 * middleware and its routers over no upstream clients. `/robots.txt` reads none, so this shows
 * the app's own share of the cold start, apart from what building the clients loads.
 */
import { createApp } from "../app.tsx";
import { startServer } from "../lib/start.ts";
import type { AppDeps } from "../lib/deps.ts";

startServer({
  createHandler: (config) => createApp({ config, now: Date.now } as unknown as AppDeps).fetch,
});

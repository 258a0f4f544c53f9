// NOT COMMITTED: main.ts without lib/boot.ts (B1's clients), to measure the app's own share.
import { createApp } from "./app.tsx";
import { startServer } from "./lib/start.ts";
import type { AppDeps } from "./lib/deps.ts";
await startServer({
  createHandler: (config) => createApp({ config, now: Date.now } as unknown as AppDeps).fetch,
});

/** Production entry (Deno Deploy, `deno task start`): the live upstream, configured by env. */
import { createDeps } from "./lib/boot.ts";
import { createApp } from "./app.tsx";
import { startServer } from "./lib/start.ts";

startServer({ createHandler: (config) => createApp(createDeps(config)).fetch });

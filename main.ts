/** Production entry (Deno Deploy, `deno task start`): the live upstream, configured by env. */
import { configFromEnv } from "./lib/config.ts";
import { createDeps } from "./lib/boot.ts";
import { createApp } from "./lib/app.tsx";

const config = configFromEnv();
const app = createApp(createDeps(config));
Deno.serve({ hostname: config.host, port: config.port }, app.fetch);

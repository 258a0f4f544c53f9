/** Production entry (Deno Deploy, `deno task start`): the live upstream, configured by env. */
import { configFromEnv } from "./lib/config.ts";
import { createDeps } from "./lib/boot.ts";
import { createApp } from "./app.tsx";

const config = configFromEnv();
const app = createApp(createDeps(config));
// Deno Deploy chooses the address itself; elsewhere HOST and PORT decide (default 127.0.0.1).
if (Deno.env.get("DENO_DEPLOYMENT_ID")) Deno.serve(app.fetch);
else Deno.serve({ hostname: config.host, port: config.port }, app.fetch);

/**
 * A child server for bench/hardening_bench.ts: the real app (upstream unreachable; only
 * /robots.txt is fetched) served either behind the connection guard (`guarded`, what main.ts
 * does) or by a bare `Deno.serve` (`plain`, what main.ts did before issue 10). Prints its URL.
 */
import { createApp } from "../app.tsx";
import { createDeps } from "../lib/boot.ts";
import { DEFAULT_CONFIG } from "../lib/config.ts";
import { serveGuarded } from "../lib/http/connection_guard.ts";

const mode = Deno.args[0];
const config = {
  ...DEFAULT_CONFIG,
  papertradeApiUrl: "http://127.0.0.1:9",
  rpcUrl: "http://127.0.0.1:9",
  fallbackRpcUrl: "http://127.0.0.1:9",
};
const app = createApp(createDeps(config));
if (mode === "guarded") {
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  await serveGuarded(app.fetch, { listener });
  console.log(`http://127.0.0.1:${listener.addr.port}/`);
} else {
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen: () => {} }, app.fetch);
  console.log(`http://127.0.0.1:${server.addr.port}/`);
}

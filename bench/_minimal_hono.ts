/**
 * The yardstick of bench/cold_start_bench.ts: the smallest Hono app on `Deno.serve`, answering
 * `GET /` with a word. It prints its URL once listening, as the explorer does.
 */
import { Hono } from "hono";

const app = new Hono();
app.get("/", (c) => c.text("ok"));
Deno.serve({
  hostname: "127.0.0.1",
  port: Number(Deno.env.get("PORT") ?? 0),
  onListen: ({ port }) => console.log(`http://127.0.0.1:${port}/`),
}, app.fetch);

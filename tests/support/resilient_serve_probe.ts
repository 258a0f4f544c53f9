/**
 * Run by `lib/http/resilient_serve_test.ts` under a low `ulimit -n`: serves, prints its port,
 * takes every free descriptor when told to (a line on stdin), holds them for `holdMs`, then frees
 * them; prints `restarts=N` when told to stop.
 */
import { serveResilient } from "../../lib/http/resilient_serve.ts";

const holdMs = Number(Deno.args[0] ?? 1000);
const server = serveResilient(
  { hostname: "127.0.0.1", port: 0 },
  () => new Response("ok"),
  () => {},
);
console.log(`port=${server.addr.port}`);
const lines = Deno.stdin.readable.pipeThrough(new TextDecoderStream()).getReader();
let buffered = "";
const nextLine = async () => {
  while (!buffered.includes("\n")) {
    const { value, done } = await lines.read();
    if (done) return null;
    buffered += value;
  }
  const line = buffered.slice(0, buffered.indexOf("\n"));
  buffered = buffered.slice(buffered.indexOf("\n") + 1);
  return line;
};
await nextLine(); // "take"
const held: Deno.FsFile[] = [];
try {
  for (;;) held.push(Deno.openSync("/dev/null"));
} catch { /* every descriptor is taken */ }
console.log(`took=${held.length}`);
await new Promise((resolve) => setTimeout(resolve, holdMs));
for (const file of held) file.close();
console.log("freed");
await nextLine(); // "stop"
console.log(`restarts=${server.restarts}`);
await server.shutdown();

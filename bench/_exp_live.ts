import { catalog, startReplayUpstream } from "../fixtures/mod.ts";
import { createApp } from "../lib/app.tsx";
import { createDeps } from "../lib/boot.ts";
import { DEFAULT_CONFIG } from "../lib/config.ts";
const mode = Number(Deno.args[0]);
const count = Number(Deno.args[1] ?? 300);
const upstream = await startReplayUpstream({ port: 0, now: () => catalog.baseTimeMs });
const deps = createDeps({
  ...DEFAULT_CONFIG,
  papertradeApiUrl: upstream.apiUrl,
  rpcUrl: upstream.rpcUrl,
  fallbackRpcUrl: upstream.fallbackRpcUrl,
}, { now: () => catalog.baseTimeMs });
const slots = { open: 0 };
const app = createApp(deps, {
  live: { onStreamOpened: () => slots.open++, onStreamClosed: () => slots.open-- },
});
const server = Deno.serve({ hostname: "127.0.0.1", port: 8231, onListen: () => {} }, app.fetch);
const wallets = Object.values(catalog.wallets).map((w) => w.address).filter((a) =>
  a !== catalog.wallets.unknown.address
);
async function openViewer(wallet: string, signal: AbortSignal) {
  const response = await fetch(`http://127.0.0.1:8231/wallet/${wallet}/live`, { signal });
  const reader = response.body!.getReader();
  let text = "";
  while (!text.includes("event: positions")) {
    const c = await reader.read();
    text += new TextDecoder().decode(c.value);
  }
  return reader;
}
const viewers = await Promise.all(Array.from({ length: count }, async (_, i) => {
  const control = new AbortController();
  return { control, reader: await openViewer(wallets[i % wallets.length], control.signal) };
}));
const t0 = performance.now();
viewers.forEach((v, i) => {
  const m = mode === 3 ? i % 3 : mode;
  if (m === 0) void v.reader.cancel();
  else if (m === 1) v.control.abort();
});
if (mode >= 2) {
  await new Promise((r) => setTimeout(r, 2000));
  viewers.forEach((v, i) => {
    if (mode === 2 || i % 3 === 2) v.control.abort();
  });
}
for (let i = 0; i < 40; i++) {
  await new Promise((r) => setTimeout(r, 1000));
  if (i % 3 === 0 || slots.open === 0) {
    console.log(
      `mode ${mode} t=${
        ((performance.now() - t0) / 1000).toFixed(0)
      }s slots=${slots.open} upstream=${upstream.stats().openStreams}`,
    );
  }
  if (slots.open === 0 && upstream.stats().openStreams === 0) break;
}
await server.shutdown();
await upstream.close();
Deno.exit(0);

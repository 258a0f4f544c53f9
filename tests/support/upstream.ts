/**
 * Test helpers of this folder: the replay upstream for the length of a test, and a loopback
 * proxy in front of it that breaks chosen answers, so the checks can be shown a changed upstream
 * without editing the committed fixtures.
 */
import {
  catalog,
  type ReplayOptions,
  type ReplayUpstream,
  startReplayUpstream,
} from "../../fixtures/mod.ts";

/** Runs `fn` against a fresh replay upstream (pinned to catalog time by default), then closes it. */
export async function withReplay(
  fn: (u: ReplayUpstream) => Promise<void>,
  options: ReplayOptions = { now: () => catalog.baseTimeMs },
): Promise<void> {
  const upstream = await startReplayUpstream(options);
  try {
    await fn(upstream);
  } finally {
    await upstream.close();
  }
}

/** Rewrites the JSON answer of one path; return the value to send instead. */
export type Breakage = (body: Record<string, unknown>) => unknown;

/** A running proxy. */
export interface BrokenUpstream {
  origin: string;
  /** Requests that reached the proxy, by path. */
  seen: string[];
  close(): Promise<void>;
}

/**
 * The standard breakages: /state/trading loses the last field of instruments[0],
 * /query/protocol/summary sends balances.tvl (a known wad) as a JSON number, and the first
 * recent trade's side (a modelled word) is one we do not know.
 */
export const STANDARD_BREAKAGES: Readonly<Record<string, Breakage>> = {
  "/state/trading": (body) => {
    (body.instruments as unknown[][])[0].pop();
    return body;
  },
  "/query/protocol/trades/recent": (body) => {
    (body.events as Array<Record<string, unknown>>)[0].side = "buy";
    return body;
  },
  "/query/protocol/summary": (body) => {
    const balances = body.balances as Record<string, unknown>;
    balances.tvl = Number(balances.tvl);
    return body;
  },
};

/** Proxy `target` (an origin), applying `breakages` by exact path; the rest passes through. */
export function startBrokenUpstream(
  target: string,
  breakages: Readonly<Record<string, Breakage>> = STANDARD_BREAKAGES,
): BrokenUpstream {
  const seen: string[] = [];
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, async (req) => {
    const url = new URL(req.url);
    seen.push(url.pathname);
    const upstream = await fetch(`${target}${url.pathname}${url.search}`, {
      method: req.method,
      headers: req.headers,
      body: req.method === "GET" || req.method === "HEAD" ? undefined : await req.arrayBuffer(),
    });
    const breakage = breakages[url.pathname];
    if (!breakage || !upstream.ok) return upstream;
    const body = breakage(await upstream.json());
    return Response.json(body, { status: upstream.status });
  });
  return {
    origin: `http://127.0.0.1:${server.addr.port}`,
    seen,
    close: () => server.shutdown(),
  };
}

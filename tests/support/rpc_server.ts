/**
 * A loopback JSON-RPC server for this folder's client tests (`client_test.ts`,
 * `client_fallback_test.ts`): it records each call and answers by a behaviour. Test-only.
 */

/** One JSON-RPC call the server received. */
export interface RpcCall {
  method: string;
  params: unknown[];
}

/** A running test server: its URL, the calls it received, and how to stop it. */
export interface TestRpc {
  url: string;
  calls: RpcCall[];
  /** Resolves when the client gave up on a held ("hang") request. */
  aborted: Promise<void>;
  close(): Promise<void>;
}

/** How the server answers one call; "hang" holds the request open. */
export type Behaviour = (call: RpcCall) => Response | "hang";

/** A loopback JSON-RPC server; "hang" holds the request open until the client gives up. */
export function startRpc(behaviour: Behaviour): TestRpc {
  const calls: RpcCall[] = [];
  const release = Promise.withResolvers<void>();
  const aborted = Promise.withResolvers<void>();
  const server = Deno.serve(
    { hostname: "127.0.0.1", port: 0, onListen() {} },
    async (request) => {
      const call = await request.json() as RpcCall & { id: number };
      calls.push({ method: call.method, params: call.params });
      const answer = behaviour(call);
      if (answer !== "hang") return answer;
      request.signal.addEventListener("abort", () => aborted.resolve(), { once: true });
      // held until close(): the client must give up on its own timeout
      await release.promise;
      return new Response("too late", { status: 504 });
    },
  );
  return {
    url: `http://127.0.0.1:${server.addr.port}/rpc`,
    calls,
    aborted: aborted.promise,
    async close() {
      release.resolve();
      await server.shutdown();
    },
  };
}

/** Answers every call with this JSON-RPC result. */
export function result(value: unknown): Behaviour {
  return () => Response.json({ jsonrpc: "2.0", id: 1, result: value });
}

/** Answers every call with this HTTP status. */
export const status = (code: number): Behaviour => () =>
  new Response("Bad Gateway", { status: code });

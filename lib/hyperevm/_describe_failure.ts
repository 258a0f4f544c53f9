import { BaseError, HttpRequestError, RpcRequestError, TimeoutError } from "viem";

/**
 * A few words on why one endpoint failed ("HTTP 502", "timeout after 8000 ms",
 * "RPC error -32000: block range too large"), for messages users read: no stack, no URL.
 */
export function describeRpcFailure(error: unknown, timeoutMs: number): string {
  if (!(error instanceof BaseError)) {
    return error instanceof Error ? error.message : String(error);
  }
  if (error.walk((e) => e instanceof TimeoutError)) return `timeout after ${timeoutMs} ms`;
  const rpc = error.walk((e) => e instanceof RpcRequestError);
  if (rpc instanceof RpcRequestError) return `RPC error ${rpc.code}: ${rpc.details}`;
  const code: unknown = Reflect.get(error, "code");
  if (typeof code === "number" && error.details) return `RPC error ${code}: ${error.details}`;
  const http = error.walk((e) => e instanceof HttpRequestError);
  if (http instanceof HttpRequestError) {
    if (http.status !== undefined) return `HTTP ${http.status}`;
    if (http.cause instanceof SyntaxError) return "malformed JSON answer";
    return "connection failed";
  }
  return error.shortMessage;
}

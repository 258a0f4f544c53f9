import { BaseError, HttpRequestError, RpcRequestError, TimeoutError } from "viem";
import type { EndpointFailure } from "./hyperevm_error.ts";

/**
 * Why one endpoint failed, as a kind and a few words ("HTTP 502", "timeout after 8000 ms",
 * "RPC error -32000: block range too large") for messages users read: no stack, no URL.
 */
export function describeRpcFailure(error: unknown, timeoutMs: number): EndpointFailure {
  if (!(error instanceof BaseError)) {
    return { kind: "other", text: error instanceof Error ? error.message : String(error) };
  }
  if (error.walk((e) => e instanceof TimeoutError)) {
    return { kind: "timeout", text: `timeout after ${timeoutMs} ms` };
  }
  const rpc = error.walk((e) => e instanceof RpcRequestError);
  if (rpc instanceof RpcRequestError) {
    return { kind: "other", text: `RPC error ${rpc.code}: ${rpc.details}` };
  }
  const code: unknown = Reflect.get(error, "code");
  if (typeof code === "number" && error.details) {
    return { kind: "other", text: `RPC error ${code}: ${error.details}` };
  }
  const http = error.walk((e) => e instanceof HttpRequestError);
  if (http instanceof HttpRequestError) {
    if (http.status !== undefined) {
      return { kind: "http", status: http.status, text: `HTTP ${http.status}` };
    }
    if (http.cause instanceof SyntaxError) return { kind: "other", text: "malformed JSON answer" };
    return { kind: "other", text: "connection failed" };
  }
  return { kind: "other", text: error.shortMessage };
}

import { equal } from "node:assert/strict";
import { HyperEvmError } from "./hyperevm_error.ts";

const refusalOf = (method: string, failures: string[]) =>
  new HyperEvmError(method, `${method} failed`, { failures }).refusal;

Deno.test("an eth_getLogs range refusal is told apart however the node words it", () => {
  for (
    const words of [
      "RPC error -32000: query exceeds max block range 1000",
      "RPC error -32602: block range too high",
      "RPC error -32005: range 5000 exceeds limit of 1000",
    ]
  ) {
    equal(refusalOf("eth_getLogs", [words]), "block_range", words);
    equal(refusalOf("eth_getLogs", ["HTTP 502", words]), "block_range", words);
  }
});

Deno.test("transport failures, other methods and shape errors are no range refusal", () => {
  equal(refusalOf("eth_getLogs", ["HTTP 502", "timeout after 8000 ms"]), null);
  equal(refusalOf("eth_call", ["RPC error -32000: block range too high"]), null);
  const shape = new HyperEvmError("eth_getLogs", "upstream changed: eth_getLogs out of range");
  equal(shape.kind, "schema");
  equal(shape.refusal, null);
});

Deno.test("a shape error carries what is wrong as its detail, and failures keep their kinds", () => {
  const shape = new HyperEvmError("eth_call", "upstream changed: eth_call answered null", {
    detail: "eth_call answered null",
  });
  equal(shape.detail, "eth_call answered null");
  const down = new HyperEvmError("eth_call", "eth_call failed", {
    failures: [{ kind: "http", status: 502, text: "HTTP 502" }, "connection failed"],
  });
  equal(down.kind, "unavailable");
  equal(down.failures.join(" / "), "HTTP 502 / connection failed");
  equal(down.endpointFailures[0].status, 502);
  equal(down.endpointFailures[1].kind, "other");
});

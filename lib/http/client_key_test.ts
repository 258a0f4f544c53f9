import assert from "node:assert/strict";
import { clientKeyFromRequest } from "./client_key.ts";

Deno.test("the client key is the first x-forwarded-for hop when present", () => {
  const request = new Request("http://localhost/", {
    headers: { "x-forwarded-for": " 203.0.113.7 , 10.0.0.1, 10.0.0.2" },
  });
  assert.equal(clientKeyFromRequest(request, "127.0.0.1"), "203.0.113.7");
});

Deno.test("without x-forwarded-for the connection address is the key, else 'unknown'", () => {
  const request = new Request("http://localhost/");
  assert.equal(clientKeyFromRequest(request, "198.51.100.4"), "198.51.100.4");
  assert.equal(clientKeyFromRequest(request), "unknown");
  const blank = new Request("http://localhost/", { headers: { "x-forwarded-for": " , 1.2.3.4" } });
  assert.equal(clientKeyFromRequest(blank, "198.51.100.4"), "198.51.100.4");
});

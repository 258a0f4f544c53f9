import assert from "node:assert/strict";
import { Validator } from "@seriousme/openapi-schema-validator";
import { HOSTILE_TOOL, SAMPLE_TOOLS } from "../../tests/support/sample_tools.ts";
import { buildOpenApi } from "./openapi.ts";

const options = { siteUrl: "https://explorer.example", tools: SAMPLE_TOOLS };

Deno.test("the OpenAPI document passes a real OpenAPI 3.1 validator", async () => {
  const validator = new Validator();
  const result = await validator.validate(buildOpenApi(options));
  assert.deepEqual(result, { valid: true });
  assert.equal(validator.version, "3.1");
});

Deno.test("the validator does reject a broken document (the check can fail)", async () => {
  const document = buildOpenApi(options);
  delete (document.info as Record<string, unknown>).version;
  const result = await new Validator().validate(document);
  assert.equal(result.valid, false);
});

Deno.test("there is one POST operation per tool, in order, plus /mcp", () => {
  const document = buildOpenApi(options);
  const paths = Object.keys(document.paths as Record<string, unknown>);
  assert.deepEqual(paths, ["/mcp", ...SAMPLE_TOOLS.map((tool) => `/api/tools/${tool.name}`)]);
  assert.deepEqual(document.servers, [{ url: "https://explorer.example" }]);
});

Deno.test("each operation takes the argument schema and answers the result schema or errors", () => {
  const document = buildOpenApi(options);
  const operation = (document.paths as Record<string, { post: Record<string, unknown> }>)[
    "/api/tools/get_wallet"
  ].post;
  assert.equal(operation.operationId, "get_wallet");
  const body = operation.requestBody as Record<string, unknown>;
  assert.equal(body.required, true);
  assert.deepEqual(
    (body.content as Record<string, { schema: unknown }>)["application/json"].schema,
    { $ref: "#/components/schemas/GetWalletArguments" },
  );
  const responses = operation.responses as Record<string, unknown>;
  assert.deepEqual(Object.keys(responses), [
    "200",
    "400",
    "404",
    "405",
    "413",
    "415",
    "422",
    "429",
    "502",
    "503",
    "504",
  ]);
  const example = (body.content as Record<string, { example: Record<string, unknown> }>)[
    "application/json"
  ].example;
  assert.match(String(example.address), /^0x[0-9a-f]{40}$/, "a request example to copy");
  const schemas = (document.components as Record<string, Record<string, Record<string, unknown>>>)
    .schemas;
  assert.deepEqual(schemas.GetWalletArguments.required, ["address"]);
  assert.deepEqual(schemas.GetWalletResult.required, ["address", "balance_usd"]);
  const leaderboard = (document.paths as Record<string, { post: Record<string, unknown> }>)[
    "/api/tools/get_leaderboard"
  ].post;
  assert.equal((leaderboard.requestBody as Record<string, unknown>).required, false);
});

Deno.test("hostile tool text stays inside JSON strings and the document stays valid", async () => {
  const document = buildOpenApi({ ...options, tools: [...SAMPLE_TOOLS, HOSTILE_TOOL] });
  assert.deepEqual(await new Validator().validate(document), { valid: true });
});

Deno.test("public, licensed, and /mcp errors are JSON-RPC envelopes while REST errors carry a message", () => {
  const document = buildOpenApi(options);
  assert.deepEqual(document.security, []);
  assert.deepEqual((document.info as Record<string, unknown>).license, {
    name: "Apache License 2.0",
    identifier: "Apache-2.0",
  });
  const components = document.components as Record<string, Record<string, JsonSchemaLike>>;
  assert.deepEqual(components.schemas.Error.required, ["error", "message"]);
  const mcp = (document.paths as Record<string, { post: JsonSchemaLike }>)["/mcp"].post;
  const responses = mcp.responses as Record<string, { $ref: string }>;
  for (const status of ["400", "413", "415", "429"]) {
    const name = responses[status].$ref.split("/").pop()!;
    const content = components.responses[name].content as Record<string, { schema: unknown }>;
    assert.deepEqual(content["application/json"].schema, {
      $ref: "#/components/schemas/JsonRpcError",
    }, status);
  }
  const rest503 = components.responses.Status503 as { headers: Record<string, unknown> };
  assert.ok(rest503.headers["Retry-After"]);
});

type JsonSchemaLike = Record<string, unknown>;

import assert from "node:assert/strict";
import { Validator } from "@seriousme/openapi-schema-validator";
import { HOSTILE_TOOL, SAMPLE_TOOLS } from "./sample_tools.ts";
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
  assert.deepEqual(Object.keys(responses), ["200", "400", "404", "405", "413", "422", "429"]);
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

import assert from "node:assert/strict";
import { z } from "zod";
import { HyperEvmError } from "../lib/hyperevm/mod.ts";
import { PapertradeApiError } from "../lib/papertrade/mod.ts";
import { defineTool } from "./define_tool.ts";
import { READ_ONLY_ANNOTATIONS, type ToolContext, ToolError } from "./types.ts";

const WALLET = "0x00000000000000000000000000000000000000aa";
const context = {} as ToolContext;

function failingTool(error: unknown, explain?: ToolError) {
  return defineTool({
    name: "probe",
    title: "Probe",
    description: "A tool that fails as told.",
    input: z.strictObject({ address: z.string() }),
    output: z.strictObject({ ok: z.boolean() }),
    walletArgument: "address",
    explainFailure: explain ? () => explain : undefined,
    run: () => Promise.reject(error),
  });
}

const notFound = new PapertradeApiError("/state/user/live answered HTTP 404", {
  endpoint: "/state/user/live",
  kind: "http",
  status: 404,
});

Deno.test("a defined tool is read-only and keeps its name, words and schemas", () => {
  const tool = failingTool(new Error("unused"));
  assert.equal(tool.name, "probe");
  assert.equal(tool.title, "Probe");
  assert.equal(tool.annotations, READ_ONLY_ANNOTATIONS);
  assert.deepEqual(Object.keys(tool.inputSchema.shape), ["address"]);
});

Deno.test("the API's 404 for the wallet argument becomes the unknown-wallet error naming it", async () => {
  await assert.rejects(
    () => failingTool(notFound).run({ address: WALLET }, context),
    (error: unknown) =>
      error instanceof ToolError && !error.upstream &&
      error.message.startsWith("address: ") && error.message.includes(WALLET),
  );
});

Deno.test("a tool's own explanation of a failure wins over the shared wording", async () => {
  const explained = new ToolError("cursor: refused");
  const refused = new PapertradeApiError("/x answered HTTP 400", {
    endpoint: "/x",
    kind: "http",
    status: 400,
  });
  await assert.rejects(
    () => failingTool(refused, explained).run({ address: WALLET }, context),
    (error: unknown) => error === explained,
  );
});

Deno.test("upstream failures become upstream tool errors; other errors pass through", async () => {
  const rpc = new HyperEvmError("eth_call", "eth_call failed on both endpoints: HTTP 502", {
    failures: ["HTTP 502"],
  });
  await assert.rejects(
    () => failingTool(rpc).run({ address: WALLET }, context),
    (error: unknown) =>
      error instanceof ToolError && error.upstream && error.cause === rpc &&
      error.message.includes("eth_call"),
  );
  const bug = new TypeError("a bug");
  await assert.rejects(
    () => failingTool(bug).run({ address: WALLET }, context),
    (error: unknown) => error === bug,
  );
});

Deno.test("the sentence about unread parts and skipped rows comes first, before the headline", async () => {
  const unavailable = [{ part: "markets", endpoint: "/state/trading", reason: "timed out" }];
  const tool = defineTool({
    name: "partial",
    title: "Partial",
    description: "Returns a partial answer.",
    input: z.strictObject({}),
    output: z.strictObject({ unavailable: z.array(z.any()), rows_skipped: z.number() }),
    run: () => Promise.resolve({ structured: { unavailable, rows_skipped: 2 }, headline: "Body." }),
  });
  const expected = "Not available this time: markets (timed out). The rest is current. " +
    "2 malformed upstream rows were left out.";
  assert.equal((await tool.run({}, context)).text, `${expected}\nBody.`);
});

/**
 * Small stand-in tools for tests and the local conformance server, so the protocol layer can
 * be exercised without the real registry or any upstream.
 */
import { z } from "zod";
import {
  READ_ONLY_ANNOTATIONS,
  type ToolContext,
  type ToolDefinition,
  ToolError,
} from "../../tools/types.ts";

const echoInput = z.object({
  text: z.string().min(1).describe("Text to echo back."),
  times: z.number().int().min(1).max(5).default(1).describe("How many times to repeat it."),
});
const echoOutput = z.object({ text: z.string(), length: z.number().int() });

/** Repeats `text`; its structured result is `{ text, length }`. */
export const echoTool: ToolDefinition<typeof echoInput, typeof echoOutput> = {
  name: "echo",
  title: "Echo",
  description: "Repeats the given text. Test tool.",
  inputSchema: echoInput,
  outputSchema: echoOutput,
  annotations: READ_ONLY_ANNOTATIONS,
  run(args) {
    const text = Array.from({ length: args.times }, () => args.text).join(" ");
    return Promise.resolve({ structured: { text, length: text.length }, text: `Echo: ${text}` });
  },
};

const emptyInput = z.object({});
const anyOutput = z.object({ ok: z.boolean() });

function fixture(
  name: string,
  description: string,
  run: (context: ToolContext) => Promise<{ structured: unknown; text: string }>,
): ToolDefinition<typeof emptyInput, typeof anyOutput> {
  return {
    name,
    title: name,
    description,
    inputSchema: emptyInput,
    outputSchema: anyOutput,
    annotations: READ_ONLY_ANNOTATIONS,
    run: (_args, context) => run(context) as Promise<{ structured: { ok: boolean }; text: string }>,
  };
}

/** Always fails with an upstream ToolError. */
export const failingTool = fixture("always_fails", "Fails with a tool error. Test tool.", () => {
  throw new ToolError("The upstream API answered 503; try again later.", { upstream: true });
});

/** Never finishes until its signal aborts (for timeout tests). */
export const hangingTool = fixture(
  "hangs",
  "Waits until aborted. Test tool.",
  (context) =>
    new Promise((_resolve, reject) => {
      context.signal.addEventListener("abort", () => reject(context.signal.reason), { once: true });
    }),
);

/** Returns a structured result that breaks its own output schema (a server bug). */
export const badOutputTool = fixture(
  "bad_output",
  "Returns data off its schema. Test tool.",
  () => Promise.resolve({ structured: { ok: "yes" }, text: "bad" }),
);

/** Throws an unexpected error (a server bug). */
export const crashingTool = fixture("crashes", "Throws a plain Error. Test tool.", () => {
  throw new Error("boom");
});

/** All fixture tools. */
export const FIXTURE_TOOLS = [echoTool, failingTool, hangingTool, badOutputTool, crashingTool];

/** A ToolContext with no upstream clients: fixture tools never touch them. */
export function createFixtureContext(signal: AbortSignal): ToolContext {
  return {
    papertrade: {} as ToolContext["papertrade"],
    hyperevm: {} as ToolContext["hyperevm"],
    now: () => Date.now(),
    signal,
    siteUrl: "http://127.0.0.1",
  };
}

/** Server identity used by tests. */
export const FIXTURE_SERVER_INFO = { name: "papertrade-explorer-test", version: "0.0.0-test" };

/** `test_simple_text` of the official conformance suite (tools-call-simple-text). */
export const conformanceSimpleTextTool = fixture(
  "test_simple_text",
  "Returns a simple text. Conformance fixture.",
  () =>
    Promise.resolve({
      structured: { ok: true },
      text: "This is a simple text response for testing.",
    }),
);

/** `test_error_handling` of the official conformance suite (tools-call-error). */
export const conformanceErrorTool = fixture(
  "test_error_handling",
  "Always reports a tool error. Conformance fixture.",
  () => {
    throw new ToolError("This tool intentionally returns an error for testing");
  },
);

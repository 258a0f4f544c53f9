import assert from "node:assert/strict";
import { Hono } from "hono";
import { deadline } from "./deadline.ts";

function manualTimer() {
  const pending: (() => void)[] = [];
  return {
    timer: (_ms: number, _signal: AbortSignal) =>
      new Promise<void>((resolve) => pending.push(resolve)),
    fire: () => pending.splice(0).forEach((resolve) => resolve()),
  };
}

Deno.test("a handler past the deadline is answered with the timeout response", async () => {
  const { timer, fire } = manualTimer();
  const app = new Hono();
  app.use("*", deadline({ timer, onTimeout: (c) => c.text("too slow", 504) }));
  app.get("/hangs", () => new Promise<Response>(() => {}));
  const pending = app.request("/hangs");
  await new Promise((resolve) => setTimeout(resolve, 0));
  fire();
  const response = await pending;
  assert.equal(response.status, 504);
  assert.equal(await response.text(), "too slow");
});

Deno.test("a handler within the deadline answers itself, and exempt paths are not bounded", async () => {
  const { timer, fire } = manualTimer();
  const app = new Hono();
  app.use(
    "*",
    deadline({ timer, onTimeout: (c) => c.text("too slow", 504), exempt: (p) => p === "/stream" }),
  );
  app.get("/fast", (c) => c.text("fine"));
  let release: (value: Response) => void = () => {};
  app.get("/stream", () => new Promise<Response>((resolve) => (release = resolve)));
  assert.equal(await (await app.request("/fast")).text(), "fine");
  const streaming = app.request("/stream");
  await new Promise((resolve) => setTimeout(resolve, 0));
  fire();
  release(new Response("streamed"));
  assert.equal(await (await streaming).text(), "streamed");
});

import assert from "node:assert/strict";

Deno.test("a server whose accept fails at the open-file limit listens again once descriptors are free, without dying", async () => {
  const probe = new URL("../../tests/support/resilient_serve_probe.ts", import.meta.url).pathname;
  const child = new Deno.Command("sh", {
    args: ["-c", 'ulimit -n 128 && exec "$0" run -A "$1" 1500', Deno.execPath(), probe],
    env: { NO_COLOR: "1", RUST_BACKTRACE: "0" },
    stdin: "piped",
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  const writer = child.stdin.getWriter();
  const lines = child.stdout.pipeThrough(new TextDecoderStream()).getReader();
  let seen = "";
  const waitFor = async (pattern: RegExp) => {
    while (!pattern.test(seen)) {
      const { value, done } = await lines.read();
      if (done) throw new Error(`the probe ended: ${seen}`);
      seen += value;
    }
    return pattern.exec(seen)!;
  };
  const errors = new Response(child.stderr).text();
  try {
    const port = Number((await waitFor(/port=(\d+)/))[1]);
    await writer.write(new TextEncoder().encode("take\n"));
    await waitFor(/took=\d+/);
    // Connections it cannot accept while every descriptor is taken: its accept fails.
    const knocks = await Promise.all(
      Array.from(
        { length: 5 },
        () =>
          fetch(`http://127.0.0.1:${port}/`, { signal: AbortSignal.timeout(1_000) })
            .then((response) => response.body?.cancel()).catch(() => {}),
      ),
    );
    assert.equal(knocks.length, 5);
    await waitFor(/freed/);
    // Listening again on the same port soon after the descriptors are back.
    let status = 0;
    for (let turn = 0; turn < 100 && status !== 200; turn++) {
      status = await fetch(`http://127.0.0.1:${port}/`).then(
        async (response) => (await response.body?.cancel(), response.status),
        () => 0,
      );
      if (status !== 200) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    assert.equal(status, 200);
    await writer.write(new TextEncoder().encode("stop\n"));
    const restarts = Number((await waitFor(/restarts=(\d+)/))[1]);
    assert.ok(restarts >= 1, `restarts=${restarts}`);
  } finally {
    await writer.close().catch(() => {});
    const { code } = await child.status;
    assert.equal(code, 0, await errors);
    assert.doesNotMatch(await errors, /panicked|Uncaught/);
  }
});

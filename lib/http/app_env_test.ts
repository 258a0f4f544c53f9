import assert from "node:assert/strict";
import { lazily, lazyImport, warmLazyModules } from "./app_env.ts";

Deno.test("a module that could not be read at the open-file limit loads on the next call once descriptors are free", async () => {
  const dir = await Deno.makeTempDir();
  try {
    const module = `${dir}/answer.ts`;
    await Deno.writeTextFile(module, "export const answer = 42;\n");
    const probe = new URL("../../tests/support/lazy_import_probe.ts", import.meta.url).pathname;
    const output = await new Deno.Command("sh", {
      args: [
        "-c",
        'ulimit -n 64 && exec "$0" run -A "$1" "$2"',
        Deno.execPath(),
        probe,
        `file://${module}`,
      ],
      env: { NO_COLOR: "1", RUST_BACKTRACE: "0" },
      stdout: "piped",
      stderr: "piped",
    }).output();
    const report = JSON.parse(new TextDecoder().decode(output.stdout));
    assert.match(report.first, /^failed: .*Too many open files/);
    assert.equal(report.second, "loaded 42", "tried again, not remembered as failed");
    assert.equal(report.third, "loaded 42");
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("lazily forgets a failure and shares a success", async () => {
  let calls = 0;
  const load = lazily(() =>
    ++calls === 1 ? Promise.reject(new Error("no")) : Promise.resolve(calls)
  );
  await assert.rejects(load(), /no/);
  assert.equal(await load(), 2);
  assert.equal(await load(), 2);
});

Deno.test("warmLazyModules loads what lazyImport registered, and what those register in turn", async () => {
  const dir = await Deno.makeTempDir();
  try {
    const app = new URL("./app_env.ts", import.meta.url).href;
    await Deno.writeTextFile(`${dir}/b.ts`, "(globalThis as any).warmedB = true;\n");
    await Deno.writeTextFile(
      `${dir}/a.ts`,
      `import { lazyImport } from "${app}";\n(globalThis as any).warmedA = true;\n` +
        `lazyImport(new URL("./b.ts", import.meta.url));\n`,
    );
    lazyImport(new URL(`file://${dir}/a.ts`)); // registered, never called
    const flags = globalThis as { warmedA?: boolean; warmedB?: boolean };
    assert.equal(flags.warmedA, undefined);
    await warmLazyModules(() => Promise.resolve());
    assert.equal(flags.warmedA, true);
    assert.equal(flags.warmedB, true, "what a warmed module registers is warmed too");
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

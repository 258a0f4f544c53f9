import assert from "node:assert/strict";
import { catalog, startReplayUpstream } from "../../fixtures/mod.ts";
import { startBrokenUpstream, withReplay } from "../../tests/support/upstream.ts";

const ROOT = new URL("../../", import.meta.url);

/** Run a script of scripts/ as `deno task` would, in a child process. */
async function runScript(name: string, args: string[]) {
  const { code, stdout, stderr } = await new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", `scripts/${name}`, ...args],
    cwd: ROOT,
    env: { NO_COLOR: "1" },
    stdout: "piped",
    stderr: "piped",
  }).output();
  const text = new TextDecoder();
  return { code, out: text.decode(stdout), err: text.decode(stderr) };
}

Deno.test("verify-upstream exits 0 on the replay and 1 with the mismatch lines on a broken one", async () => {
  await withReplay(async (u) => {
    const whale = catalog.wallets.whale.address;
    const good = await runScript("upstream/verify.ts", [
      "--api",
      u.apiUrl,
      "--rpc",
      u.rpcUrl,
      "--wallet",
      whale,
    ]);
    assert.equal(good.code, 0, good.out + good.err);
    assert.match(good.out, /\n22 endpoints checked, 0 mismatches, 0 unreachable\n$/);

    const broken = startBrokenUpstream(u.origin);
    try {
      const bad = await runScript("upstream/verify.ts", [
        `--api=${broken.origin}`,
        `--rpc=${u.rpcUrl}`,
      ]);
      assert.equal(bad.code, 1);
      assert.match(bad.out, /\n {2}\/state\/trading .*has 22 fields.* → at instruments\[0\]\n/);
      assert.match(bad.out, /\n19 endpoints checked, 3 mismatches, 0 unreachable\n$/);
    } finally {
      await broken.close();
    }
  });
});

Deno.test("record writes a servable recording into the directory given, and refuses bad flags", async () => {
  const dir = await Deno.makeTempDir({ prefix: "record-script-" });
  try {
    await withReplay(async (u) => {
      const tx = catalog.transactions.multi_wallet_batch.hash;
      const run = await runScript("upstream/record.ts", [
        ...["--api", u.apiUrl, "--rpc", u.rpcUrl, "--tx", tx, "--out", dir],
        ...["--wallet", catalog.wallets.whale.address],
      ]);
      assert.equal(run.code, 0, run.out + run.err);
      assert.match(run.out, /\n14 of 14 files written to .*, \d+ requests\n$/);
    });
    const left = [];
    for await (const entry of Deno.readDir(`${dir}/..`)) {
      if (entry.name.startsWith(".record-staging-")) left.push(entry.name);
    }
    assert.deepEqual(left, [], "no staging folder is left behind");
    const chain = JSON.parse(await Deno.readTextFile(`${dir}/chain.json`));
    assert.deepEqual(chain.transactions.map((t: { hash: string }) => t.hash), [
      catalog.transactions.multi_wallet_batch.hash,
    ]);
    const served = await startReplayUpstream({ dataDir: dir });
    try {
      const res = await fetch(
        `${served.apiUrl}/query/wallet/trades?wallet=${catalog.wallets.whale.address}`,
      );
      assert.equal((await res.json()).trades.length, 75);
    } finally {
      await served.close();
    }
    // A recording with a failed answer writes nothing, not even the folder.
    const nowhere = `${dir}/not-written`;
    await withReplay(async (u) => {
      u.setFaults({ target: "api", path: "/query/protocol/summary", status: 500 });
      const failed = await runScript("upstream/record.ts", [
        ...["--api", u.apiUrl, "--rpc", u.rpcUrl, "--out", nowhere],
      ]);
      assert.equal(failed.code, 1, failed.out + failed.err);
      assert.match(failed.out, /\nnothing written: /);
    });
    await assert.rejects(() => Deno.stat(nowhere), Deno.errors.NotFound);
    const refused = await runScript("upstream/record.ts", ["--wallet", "nope"]);
    assert.equal(refused.code, 2);
    assert.match(refused.err, /^--wallet must be a 0x address, got nope\nusage: deno task record/);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

/**
 * The browser tests bring their own browser: the lookup order (CHROMIUM_PATH, PATH, npm) and
 * a real launch of the Chromium shipped in the npm package, whatever else is installed.
 */
import assert from "node:assert/strict";
import { type ChromiumChoice, findChromium, unpackNpmChromium } from "./_chromium.ts";
import { launchChromium } from "./_harness.ts";

function envOf(values: Record<string, string>) {
  return { get: (name: string) => values[name] };
}

const NPM: ChromiumChoice = { executablePath: "/npm/chromium", source: "npm" };

Deno.test("CHROMIUM_PATH wins, then the PATH, then the npm package", async () => {
  const dir = await Deno.makeTempDir();
  try {
    const onPath = `${dir}/chromium`;
    await Deno.writeTextFile(onPath, "#!/bin/sh\n");
    await Deno.chmod(onPath, 0o755);
    const unpackNpm = () => Promise.resolve(NPM);
    const explicit = await findChromium({
      env: envOf({ CHROMIUM_PATH: onPath, PATH: "/nowhere" }),
      unpackNpm,
    });
    assert.deepEqual(explicit, { executablePath: onPath, source: "CHROMIUM_PATH" });
    const path = await findChromium({ env: envOf({ PATH: `/nowhere:${dir}` }), unpackNpm });
    assert.deepEqual(path, { executablePath: onPath, source: "PATH" });
    const npm = await findChromium({ env: envOf({ PATH: "/nowhere" }), unpackNpm });
    assert.equal(npm, NPM);
    await assert.rejects(
      findChromium({ env: envOf({ CHROMIUM_PATH: `${dir}/missing` }), unpackNpm }),
      /CHROMIUM_PATH=.*missing is not an executable file/,
    );
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("the Chromium from the npm package launches with its own libraries and renders a page", async () => {
  const choice = await unpackNpmChromium();
  assert.equal(choice.source, "npm");
  assert.match(choice.env?.LD_LIBRARY_PATH ?? "", /al2023\/lib$/);
  const browser = await launchChromium(choice);
  try {
    const page = await browser.newPage();
    await page.setContent("<title>from npm</title><p id=x>rendered</p>");
    assert.equal(await page.title(), "from npm");
    assert.equal(await page.textContent("#x"), "rendered");
  } finally {
    await browser.close();
  }
});

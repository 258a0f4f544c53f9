/**
 * The browser tests bring their own browser: the lookup order (CHROMIUM_PATH, npm, then PATH
 * when the npm one cannot be unpacked), a real launch of the Chromium shipped in the npm
 * package whatever else is installed, and unpacks that run at once.
 */
import assert from "node:assert/strict";
import { brotliCompressSync } from "node:zlib";
import { type ChromiumChoice, findChromium, unpackNpmChromium } from "./_chromium.ts";
import { launchChromium } from "./_harness.ts";

function envOf(values: Record<string, string>) {
  return { get: (name: string) => values[name] };
}

const NPM: ChromiumChoice = { executablePath: "/npm/chromium", source: "npm" };

Deno.test("CHROMIUM_PATH wins, then the npm package, then the PATH", async () => {
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
    const npm = await findChromium({ env: envOf({ PATH: `/nowhere:${dir}` }), unpackNpm });
    assert.equal(npm, NPM);
    const full = await findChromium({
      env: envOf({ PATH: `/nowhere:${dir}` }),
      unpackNpm,
      full: true,
    });
    assert.deepEqual(full, { executablePath: onPath, source: "PATH" });
    const noFull = await findChromium({ env: envOf({ PATH: "/nowhere" }), unpackNpm, full: true });
    assert.equal(noFull, NPM);
    const broken = () => Promise.reject(new Error("no space left"));
    const path = await findChromium({ env: envOf({ PATH: `/nowhere:${dir}` }), unpackNpm: broken });
    assert.deepEqual(path, { executablePath: onPath, source: "PATH" });
    await assert.rejects(
      findChromium({ env: envOf({ PATH: "/nowhere" }), unpackNpm: broken }),
      /npm one could not be unpacked \(Error: no space left\) and none is on the PATH/,
    );
    await assert.rejects(
      findChromium({ env: envOf({ CHROMIUM_PATH: `${dir}/missing` }), unpackNpm }),
      /CHROMIUM_PATH=.*missing is not an executable file/,
    );
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

/** A stand-in for the npm package: the same four brotli archives, a few bytes each. */
async function tinyPackage(dir: string): Promise<string> {
  const pkg = `${dir}/package`;
  await Deno.mkdir(`${pkg}/bin`, { recursive: true });
  await Deno.writeTextFile(`${pkg}/package.json`, JSON.stringify({ version: "0.0.1" }));
  await Deno.writeFile(`${pkg}/bin/chromium.br`, brotliCompressSync("#!/bin/sh\n"));
  const src = `${dir}/src`;
  await Deno.mkdir(src);
  await Deno.writeTextFile(`${src}/file.txt`, "x");
  const tar = await new Deno.Command("tar", { args: ["-cf", "-", "-C", src, "."] }).output();
  for (const name of ["al2023", "fonts", "swiftshader"]) {
    await Deno.writeFile(`${pkg}/bin/${name}.tar.br`, brotliCompressSync(tar.stdout));
  }
  return pkg;
}

Deno.test("unpacks that run at once leave one whole browser behind", async () => {
  const dir = await Deno.makeTempDir();
  try {
    const pkg = await tinyPackage(dir);
    const cache = `${dir}/cache`;
    // An older, unfinished unpack (no marker) gives way.
    await Deno.mkdir(`${cache}/0.0.1`, { recursive: true });
    await Deno.writeTextFile(`${cache}/0.0.1/chromium`, "half");
    const choices = await Promise.all([1, 2, 3, 4].map(() => unpackNpmChromium(pkg, cache)));
    assert.equal(new Set(choices.map((choice) => choice.executablePath)).size, 1);
    assert.deepEqual([...Deno.readDirSync(cache)].map((entry) => entry.name), ["0.0.1"]);
    assert.equal(Deno.readTextFileSync(choices[0].executablePath), "#!/bin/sh\n");
    assert.equal(Deno.readTextFileSync(`${cache}/0.0.1/.unpacked`), "0.0.1\n");
    assert.match(Deno.readTextFileSync(`${cache}/0.0.1/fonts/fonts.conf`), /0\.0\.1\/fonts</);
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

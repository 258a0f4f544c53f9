/**
 * Finding a Chromium for the browser tests, so `deno task test` brings its own browser:
 * 1. `CHROMIUM_PATH`, when set (it must exist: a wrong path is an error, not a fallback);
 * 2. the Chromium shipped inside the npm package `@sparticuz/chromium` (a deno.json import, so
 *    `deno install` fetches it from the npm registry with everything else, about 67 MB);
 * 3. when that cannot be unpacked, a `chromium` (or `chromium-browser`, `google-chrome`,
 *    `google-chrome-stable`) on the PATH.
 *
 * The npm build comes first because it is chrome-headless-shell, made for automation: the same
 * browser test costs it about a third of the CPU a full Debian Chromium spends (trader_test.ts:
 * 9 s against 24 s, measured in a cpuacct cgroup), and the suite is CPU-bound on two cores.
 *
 * The npm package carries a chrome-headless-shell binary plus the NSS, NSPR and other
 * libraries it links against and fonts, all as brotli archives in its `bin/`. Its own
 * `executablePath()` unpacks the libraries only when it believes it runs on AWS Lambda or
 * Vercel (`isRunningInAmazonLinux2023`), and skips unpacking entirely once `<tmp>/chromium`
 * exists, so a first run without the libraries would leave them missing for good. We unpack
 * the archives ourselves, into a cache under node_modules/.cache keyed by the package
 * version, write a marker file last (a half-finished unpack is redone), and point
 * `LD_LIBRARY_PATH` and `FONTCONFIG_PATH` at the unpacked parts. Nothing is downloaded.
 */
import { createBrotliDecompress } from "node:zlib";
import { createReadStream, createWriteStream } from "node:fs";
import { pipeline } from "node:stream/promises";

/** Which Chromium to launch and the environment it needs. */
export interface ChromiumChoice {
  executablePath: string;
  /** Environment to launch it with (the npm build needs its own libraries and fonts). */
  env?: Record<string, string>;
  /** Where it was found. */
  source: "CHROMIUM_PATH" | "PATH" | "npm";
}

/** Options of {@link findChromium}; the defaults read the real environment. */
export interface FindChromiumOptions {
  env?: { get(name: string): string | undefined };
  /** Unpacks the npm Chromium; tests of the order pass a stand-in. */
  unpackNpm?: () => Promise<ChromiumChoice>;
  /**
   * A full Chromium from the PATH before the npm headless shell, for what the shell lacks: it
   * reports notification permission as denied whatever the test grants.
   */
  full?: boolean;
}

const PATH_NAMES = ["chromium", "chromium-browser", "google-chrome", "google-chrome-stable"];

/** Picks the Chromium to use, in the order above. */
export async function findChromium(options: FindChromiumOptions = {}): Promise<ChromiumChoice> {
  const env = options.env ?? Deno.env;
  const explicit = env.get("CHROMIUM_PATH")?.trim();
  if (explicit) {
    if (!(await isExecutableFile(explicit))) {
      throw new Error(`CHROMIUM_PATH=${explicit} is not an executable file.`);
    }
    return { executablePath: explicit, source: "CHROMIUM_PATH" };
  }
  const onPath = async (): Promise<ChromiumChoice | undefined> => {
    for (const dir of (env.get("PATH") ?? "").split(":").filter(Boolean)) {
      for (const name of PATH_NAMES) {
        const candidate = `${dir.replace(/\/+$/, "")}/${name}`;
        if (await isExecutableFile(candidate)) return { executablePath: candidate, source: "PATH" };
      }
    }
  };
  const full = options.full ? await onPath() : undefined;
  if (full) return full;
  let npmFailure: unknown;
  try {
    return await (options.unpackNpm ?? unpackNpmChromium)();
  } catch (error) {
    npmFailure = error;
  }
  const fallback = await onPath();
  if (fallback) return fallback;
  throw new Error(
    `no Chromium: the npm one could not be unpacked (${npmFailure}) and none is on the PATH`,
  );
}

async function isExecutableFile(path: string): Promise<boolean> {
  try {
    const info = await Deno.stat(path);
    return info.isFile && ((info.mode ?? 0o111) & 0o111) !== 0;
  } catch {
    return false;
  }
}

/**
 * The installed `@sparticuz/chromium` package directory. deno.json's `nodeModulesDir: "auto"`
 * links every npm import under node_modules/, so `deno install` puts it there.
 */
export function npmChromiumPackageDir(): string {
  return new URL("../../node_modules/@sparticuz/chromium", import.meta.url).pathname;
}

/**
 * Unpacks the npm Chromium (binary, its al2023 libraries, fonts, SwiftShader) into
 * `cacheRoot/<version>/` once, and returns how to launch it. Test files run side by side and
 * may all unpack it at once on a fresh machine: each unpacks into a folder of its own and
 * renames it into place, so no one ever sees a half-written browser.
 */
export async function unpackNpmChromium(
  packageDir: string = npmChromiumPackageDir(),
  cacheRoot: string = new URL("../../node_modules/.cache/chromium/", import.meta.url).pathname,
): Promise<ChromiumChoice> {
  // Importing the package puts it in the module graph, so a bare `deno task test` on a fresh
  // checkout installs it from npm like any other dependency (it does nothing else on import).
  await import("@sparticuz/chromium");
  const { version } = JSON.parse(await Deno.readTextFile(`${packageDir}/package.json`));
  const dir = `${cacheRoot.replace(/\/$/, "")}/${version}`;
  const marker = `${dir}/.unpacked`;
  const choice: ChromiumChoice = {
    executablePath: `${dir}/chromium`,
    source: "npm",
    env: { LD_LIBRARY_PATH: `${dir}/al2023/lib`, FONTCONFIG_PATH: `${dir}/fonts`, HOME: dir },
  };
  if (await exists(marker)) return choice;
  const work = `${dir}.${Deno.pid}-${crypto.randomUUID().slice(0, 8)}`;
  await Deno.mkdir(work, { recursive: true });
  try {
    const bin = `${packageDir}/bin`;
    await unbrotli(`${bin}/chromium.br`, `${work}/chromium`);
    await Deno.chmod(`${work}/chromium`, 0o755);
    await untarBrotli(`${bin}/al2023.tar.br`, `${work}/al2023`);
    await untarBrotli(`${bin}/fonts.tar.br`, `${work}/fonts`);
    // The shipped fonts.conf names Lambda's paths (/tmp/fonts); ours names where they will be.
    await Deno.writeTextFile(
      `${work}/fonts/fonts.conf`,
      `<?xml version="1.0"?>\n<!DOCTYPE fontconfig SYSTEM "fonts.dtd">\n<fontconfig>\n` +
        `  <dir>${dir}/fonts</dir>\n  <cachedir>${dir}/fonts-cache</cachedir>\n</fontconfig>\n`,
    );
    // SwiftShader's GL libraries sit beside the binary, where Chromium looks for them.
    await untarBrotli(`${bin}/swiftshader.tar.br`, work);
    await Deno.writeTextFile(`${work}/.unpacked`, `${version}\n`);
    // Another test file may finish first (its folder wins), and a folder an older unpack left
    // without the marker gives way.
    for (let attempt = 0;; attempt++) {
      try {
        await Deno.rename(work, dir);
        break;
      } catch (error) {
        if (await exists(marker)) break;
        if (attempt === 3) throw error;
        await Deno.remove(dir, { recursive: true }).catch(() => {});
      }
    }
  } finally {
    await Deno.remove(work, { recursive: true }).catch(() => {});
  }
  return choice;
}

async function exists(path: string): Promise<boolean> {
  try {
    await Deno.stat(path);
    return true;
  } catch {
    return false;
  }
}

async function unbrotli(from: string, to: string): Promise<void> {
  await pipeline(createReadStream(from), createBrotliDecompress(), createWriteStream(to));
}

async function untarBrotli(from: string, into: string): Promise<void> {
  await Deno.mkdir(into, { recursive: true });
  const tar = `${into}/.archive.tar`;
  await unbrotli(from, tar);
  // Every Linux machine that runs Node has tar; reading the archive needs no extra package.
  const result = await new Deno.Command("tar", { args: ["-xf", tar, "-C", into] }).output();
  await Deno.remove(tar);
  if (!result.success) {
    throw new Error(`tar could not unpack ${from}: ${new TextDecoder().decode(result.stderr)}`);
  }
}

/**
 * Can the suite fail? Each mutant breaks one promise on purpose, in a copy of the working tree
 * (CONTRIBUTING, "Can the suite fail?", has the usage, the promises and the last results). A
 * mutant first runs the test files it names, then, if they all pass, the whole suite; a failure
 * counts only when its file, run alone, passes without the mutant and fails with it again.
 *
 * Before anything runs, every chosen mutant is checked against the tree: its file exists, its
 * text occurs there exactly once, and the tests it names exist. Any that does not stops the run
 * with every problem listed (and where its text is now, when it moved): a mutant must be
 * updated with the code, never counted as caught. `--check` does only that. A mutated file that
 * does not type-check stops the run too. Exit status 1 when any survived, 2 when the list is
 * stale.
 */

/**
 * One deliberate break: `from` (occurring exactly once in `file`) becomes `to`. The promise each
 * breaks, and the test that catches it, are CONTRIBUTING's table ("Can the suite fail?").
 */
export interface Mutant {
  name: string;
  file: string;
  from: string;
  to: string;
  /** Test files to try first (the suite runs after them if they all pass). */
  tests: string[];
}

/** The mutants. */
export const MUTANTS: Mutant[] = [
  {
    name: "wallet-reads-sequential",
    file: "lib/wallet/wallet_page.ts",
    from: '    market: readMarket(sources, parts, { part: "markets", signal }),\n',
    to: '    market: papertrade.read("walletStream", { wallet: address }, { signal })\n' +
      '      .then(() => readMarket(sources, parts, { part: "markets", signal })),\n',
    tests: ["tests/read_overlap_test.ts"],
  },
  {
    name: "home-reads-sequential",
    file: "lib/markets/overview.ts",
    from: "  const settled = await Promise.allSettled([\n",
    to: "  await tradingRead.catch(() => {});\n  const settled = await Promise.allSettled([\n",
    tests: ["tests/read_overlap_test.ts"],
  },
  {
    name: "cache-dropped",
    file: "lib/cache/read_cache.ts",
    from: "      const entry = entries.get(key);\n      if (entry) {\n        const age",
    to:
      "      const entry = undefined as Entry | undefined;\n      if (entry) {\n        const age",
    tests: ["lib/cache/read_cache_test.ts", "lib/cache/cached_client_test.ts"],
  },
  {
    name: "single-flight-dropped",
    file: "lib/cache/read_cache.ts",
    from: "    if (running) return running as Promise<T>;",
    to: "    if (running && key === '') return running as Promise<T>;",
    tests: ["lib/cache/read_cache_test.ts"],
  },
  {
    name: "stale-unlabelled",
    file: "lib/cache/read_cache.ts",
    from: "    noteStaleRead({ key, asOf: entry.storedAt, ageMs: now() - entry.storedAt });\n",
    to: "",
    tests: ["tests/stale_answers_test.ts", "lib/cache/read_cache_test.ts"],
  },
  {
    name: "stale-label-first-reader-only",
    file: "lib/cache/read_cache.ts",
    from: "        const failing = entry.failedAt >= entry.storedAt;",
    to: "        const failing = entry.failedAt < 0;",
    tests: ["tests/stale_answers_test.ts", "lib/cache/read_cache_test.ts"],
  },
  {
    name: "kv-last-good-dropped",
    file: "lib/cache/read_cache.ts",
    from:
      "        if (persist) void options.lastGood!.set(key, value, storedAt, lifetime.lastGoodMs);\n",
    to: "",
    tests: ["lib/cache/cached_client_test.ts", "tests/stale_answers_test.ts"],
  },
  {
    name: "island-props-unescaped",
    file: "client/island.tsx",
    from: "    /[<>&\\u2028\\u2029]/g,",
    to: "    /[\\u2028\\u2029]/g,",
    tests: ["tests/islands_test.ts", "tests/pages_safety_test.ts"],
  },
  {
    name: "leaderboard-name-raw-html",
    file: "components/links.tsx",
    from: '  return <bdi class="name">{props.name}</bdi>;',
    to: '  return <bdi class="name" dangerouslySetInnerHTML={{ __html: props.name }} />;',
    tests: ["tests/pages_safety_test.ts", "tests/hostile_pages_test.ts"],
  },
  {
    name: "csv-formula-kept",
    file: "lib/csv.ts",
    from: "  if (couldBeFormula(text)) text = `'${text}`;\n",
    to: "",
    tests: ["lib/csv_test.ts", "tests/wallet/wallet_csv_stream_test.ts"],
  },
  {
    name: "limiter-allows-all",
    file: "lib/http/rate_limit.ts",
    from: "  if (live.length + cost > limit) return { allowed: false, log: live };\n",
    to: "",
    tests: ["tests/rest_status_test.ts", "tests/mcp_protocol_test.ts"],
  },
  {
    name: "bad-row-fails-list",
    file: "lib/papertrade/_modelled.ts",
    from: "  const rows = row.catch(() => DROPPED as never);",
    to: "  const rows = row;",
    tests: ["lib/papertrade/http_test.ts", "tests/degrade_by_part_test.ts"],
  },
  {
    name: "modelled-key-fails-read",
    file: "lib/papertrade/_modelled.ts",
    from: "  return schema.catch(() => NOT_FOUND as never) as unknown as Modelled<S>;",
    to: "  return schema as unknown as Modelled<S>;",
    tests: ["tests/model_wrong_test.ts"],
  },
  {
    name: "retry-after-ignored",
    file: "lib/papertrade/http.ts",
    from: "  const waitMs = retryAfterS === undefined ? backoffMs : retryAfterS * 1000;",
    to: "  const waitMs = backoffMs;",
    tests: ["lib/papertrade/http_test.ts", "tests/upstream_faults_test.ts"],
  },
  {
    name: "rpc-fallback-dropped",
    file: "lib/hyperevm/rpc.ts",
    from:
      "  const urls = options.fallbackRpcUrl ? [options.rpcUrl, options.fallbackRpcUrl] : [options.rpcUrl];",
    to: "  const urls = [options.rpcUrl];",
    tests: ["tests/upstream_faults_test.ts"],
  },
  {
    name: "rpc-hedging-dropped",
    file: "lib/hyperevm/rpc.ts",
    from: "      if (started < attempts.length) timer = setTimeout(startNext, delayMs);\n",
    to: "",
    tests: ["lib/hyperevm/client_fallback_test.ts"],
  },
  {
    name: "page-deadline-dropped",
    file: "lib/http/deadline.ts",
    from: "    await Promise.race([handled, expiry]);",
    to: "    await handled;",
    tests: ["tests/hardening_pages_test.ts", "lib/http/deadline_test.ts"],
  },
  {
    name: "tampered-signature-executed",
    file: "lib/intent/verdict.ts",
    from: "  if (!settled.signatureVerified) {",
    to: "  if (!settled.signatureVerified && settled.reported === null) {",
    tests: ["tests/transaction/pages_chain_test.ts", "lib/intent/verdict_test.ts"],
  },
  {
    name: "bust-price-float",
    file: "lib/math/bust_price.ts",
    from: "  const step = entryRaw / checkedLeverage(leverage);",
    to: "  const step = BigInt(Math.round(Number(entryRaw) / Number(checkedLeverage(leverage))));",
    tests: ["lib/math/bust_price_test.ts"],
  },
  {
    name: "wallet-stream-kept-open",
    file: "lib/wallet/wallet_hub.ts",
    from: "          if (joined.listeners.size === 0) close(wallet, joined);",
    to: "          if (joined.listeners.size < 0) close(wallet, joined);",
    tests: ["lib/wallet/wallet_hub_test.ts", "tests/hardening_pages_test.ts"],
  },
  {
    name: "static-path-guard-open",
    file: "lib/delivery/static_assets.ts",
    from:
      "    if (c.req.path.length > 400 || !SAFE_STATIC_PATH.test(c.req.path)) return c.notFound();",
    to: "    if (c.req.path.length > 4000) return c.notFound();",
    tests: ["tests/hardening_pages_test.ts", "tests/hostile_paths_test.ts"],
  },
  {
    name: "stale-notice-hidden",
    file: "components/StaleNotice.tsx",
    from: "  if (!sentence) return null;",
    to: "  if (sentence || !sentence) return null;",
    tests: ["tests/stale_answers_test.ts"],
  },
  {
    name: "failed-part-fails-page",
    file: "lib/parts.ts",
    from: "    if (!isUpstreamFailure(result.reason)) throw result.reason;",
    to: "    if (result.reason !== null) throw result.reason;",
    tests: ["tests/degrade_by_part_test.ts"],
  },
  {
    name: "live-mark-without-l2book",
    file: "lib/marks.ts",
    from: "        missing.map((i) => options.bookTop(i.symbol, i.priceScale, { signal })),",
    to:
      '        missing.map(() => Promise.reject(new HyperliquidApiError("off", { kind: "network" }))),',
    tests: ["tests/live_mark_test.ts", "lib/marks_test.ts"],
  },
  {
    name: "etag-ignored",
    file: "app.tsx",
    from: "      ? revalidate(c, next)\n",
    to: "      ? next()\n",
    tests: ["tests/delivery_test.ts"],
  },
  {
    name: "csp-allows-inline-script",
    file: "lib/security_headers.ts",
    from: "    contentSecurityPolicy: SITE_CSP,\n    strictTransportSecurity",
    to:
      `    contentSecurityPolicy: { ...SITE_CSP, scriptSrc: ["*", "'unsafe-inline'"] },\n    strictTransportSecurity`,
    tests: ["lib/security_headers_test.ts", "tests/pages_safety_test.ts"],
  },
  {
    name: "at-risk-budget-ignored",
    file: "lib/at_risk/limits.ts",
    from: "  return [...tradedFirst, ...unread, ...retry, ...stale].slice(0, room);",
    to: "  return [...tradedFirst, ...unread, ...retry, ...stale];",
    tests: ["tests/at_risk/at_risk_test.ts"],
  },
  {
    name: "at-risk-refresh-per-reader",
    file: "lib/at_risk/refresh.ts",
    from: "      if (running === null && now() >= dueAt) {",
    to: "      if (now() >= dueAt) {",
    tests: ["tests/at_risk/at_risk_test.ts"],
  },
  {
    name: "nearest-desc-as-asc",
    file: "lib/leaderboard/nearest.ts",
    from: '  const sign = sortDir === "asc" ? 1 : -1;\n  return [...rows].sort((a, b) => {',
    to: "  const sign = 1;\n  return [...rows].sort((a, b) => {",
    tests: ["tests/at_risk/at_risk_pages_test.ts"],
  },
  {
    name: "feed-entry-title-raw",
    file: "lib/feeds/feeds.ts",
    from: "      escapeXml(entry.title)\n",
    to: "      entry.title\n",
    tests: ["tests/feeds/feeds_test.ts"],
  },
  {
    name: "island-props-any-json",
    file: "client/hydrate.ts",
    from: '      if (props === null || typeof props !== "object" || Array.isArray(props)) {',
    to: "      if (props === undefined) {",
    tests: ["tests/islands_test.ts"],
  },
  {
    name: "net-pnl-before-fee",
    file: "lib/math/net_pnl.ts",
    from: "  return adjustedPnlRaw - userPaidFeeRaw;",
    to: "  return adjustedPnlRaw + 0n * userPaidFeeRaw;",
    tests: ["lib/math/net_pnl_test.ts"],
  },
  {
    name: "tool-signal-dropped",
    file: "tools/context.ts",
    from: "  return { papertrade, hyperevm, quotes, now, signal, siteUrl };",
    to:
      "  return { papertrade, hyperevm, quotes, now, signal: new AbortController().signal, siteUrl };",
    tests: ["tools/context_test.ts"],
  },
];

/** The repository root (this file sits in `tests/support/`). */
const ROOT = new URL("../../", import.meta.url).pathname;
/** The suite runner, as a path from the root. */
const RUNNER = new URL("./run_tests.ts", import.meta.url).pathname.slice(ROOT.length);
/** This file, which holds every mutant's text too. */
const SELF = new URL(import.meta.url).pathname.slice(ROOT.length);

/** The files git tracks or would track under `root` (not ignored), as paths from it. */
async function treeFiles(root: string): Promise<string[]> {
  const listed = await new Deno.Command("git", {
    args: ["ls-files", "-z", "--cached", "--others", "--exclude-standard"],
    cwd: root,
    stdout: "piped",
  }).output();
  return new TextDecoder().decode(listed.stdout).split("\0").filter(Boolean);
}

async function readOrNull(path: string): Promise<string | null> {
  try {
    return await Deno.readTextFile(path);
  } catch (error) {
    if (error instanceof Deno.errors.NotFound) return null;
    throw error;
  }
}

/**
 * What keeps each of `mutants` from applying to the tree at `root`, one line per problem (empty
 * when all apply): a duplicate name, a missing file, a text that does not occur exactly once
 * (with the files that hold it now), a break that changes nothing, a named test that is gone.
 */
export async function mutantProblems(root: string, mutants: readonly Mutant[]): Promise<string[]> {
  const problems: string[] = [];
  const files = (await treeFiles(root)).filter((file) =>
    /\.tsx?$/.test(file) && !/_test\.tsx?$/.test(file) && file !== SELF
  );
  const names = new Set<string>();
  for (const mutant of mutants) {
    const say = (text: string) => problems.push(`${mutant.name}: ${text}`);
    if (names.has(mutant.name)) say("a second mutant has this name");
    names.add(mutant.name);
    if (mutant.from === mutant.to || mutant.from === "") say("its break changes nothing");
    const text = await readOrNull(`${root}${mutant.file}`);
    const count = text === null ? 0 : text.split(mutant.from).length - 1;
    if (text === null || count !== 1) {
      const now: string[] = [];
      for (const file of files) {
        if (file !== mutant.file && (await readOrNull(`${root}${file}`))?.includes(mutant.from)) {
          now.push(file);
        }
      }
      const where = now.length > 0 ? `; the text is now in ${now.join(", ")}` : "";
      say(
        text === null
          ? `${mutant.file} does not exist${where}`
          : `its text occurs ${count} times in ${mutant.file} (exactly once is needed)${where}`,
      );
    }
    for (const test of mutant.tests) {
      if ((await readOrNull(`${root}${test}`)) === null) say(`its test ${test} does not exist`);
    }
  }
  return problems;
}

/** A copy of the tracked and untracked (not ignored) files, with node_modules linked. */
async function copyTree(): Promise<string> {
  const files = await treeFiles(ROOT);
  const copy = await Deno.makeTempDir({ prefix: "mutants_" });
  for (const file of files) {
    const target = `${copy}/${file}`;
    await Deno.mkdir(target.slice(0, target.lastIndexOf("/")), { recursive: true });
    await Deno.copyFile(`${ROOT}${file}`, target).catch((error) => {
      if (!(error instanceof Deno.errors.NotFound)) throw error; // deleted, not yet committed
    });
  }
  await Deno.symlink(`${ROOT}node_modules`, `${copy}/node_modules`);
  return copy;
}
/** A failed test: its name and file, as Deno prints it (`name => ./file:line:col`). */
interface Failure {
  test: string;
  file: string;
}

/**
 * Runs `deno task test` in `dir` over `paths` (all when empty), leaving out `ignore` and
 * stopping at the first failure; that failure, or null when everything passed.
 */
async function firstFailure(
  dir: string,
  paths: string[],
  ignore: string[] = [],
): Promise<Failure | null> {
  const skip = ignore.length > 0 ? [`--ignore=${ignore.join(",")}`] : [];
  const { code, stdout } = await new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", RUNNER, "--fail-fast", ...skip, ...paths],
    cwd: dir,
    stdout: "piped",
    stderr: "null",
  }).output();
  if (code === 0) return null;
  const text = new TextDecoder().decode(stdout);
  const named = /^(.+ => \.\/(\S+):\d+:\d+)$/m.exec(text.slice(text.lastIndexOf("FAILURES")));
  return named ? { test: named[1], file: named[2] } : { test: "an unnamed failure", file: "" };
}

/**
 * The first test that fails on the mutant and passes without it. A failure that does not come
 * back when its file runs alone (a test flaking under load) is left out and the run goes on.
 */
async function catcher(
  dir: string,
  mutant: Mutant,
  mutate: (on: boolean) => Promise<void>,
): Promise<string | null> {
  const ignore: string[] = [];
  for (const paths of mutant.tests.length > 0 ? [mutant.tests, []] : [[]]) {
    for (let failure; (failure = await firstFailure(dir, paths, ignore)) !== null;) {
      if (failure.file === "") return failure.test;
      await mutate(false);
      const passesWithout = await firstFailure(dir, [failure.file]) === null;
      await mutate(true);
      if (passesWithout && await firstFailure(dir, [failure.file]) !== null) return failure.test;
      console.log(`${mutant.name}: ${failure.test} failed once, not again alone (left out)`);
      ignore.push(failure.file);
    }
    ignore.push(...paths); // they passed: the whole suite need not run them again
  }
  return null;
}

async function typeChecks(dir: string, file: string): Promise<boolean> {
  const { code } = await new Deno.Command(Deno.execPath(), {
    args: ["check", "--unstable-kv", "--quiet", file],
    cwd: dir,
    stdout: "null",
    stderr: "inherit",
  }).output();
  return code === 0;
}

async function main(args: string[]): Promise<number> {
  const checkOnly = args.includes("--check");
  const names = args.filter((arg) => arg !== "--check");
  const unknown = names.filter((name) => !MUTANTS.some((mutant) => mutant.name === name));
  if (unknown.length > 0) throw new Error(`no such mutant: ${unknown.join(", ")}`);
  const chosen = names.length === 0 ? MUTANTS : MUTANTS.filter((m) => names.includes(m.name));
  const problems = await mutantProblems(ROOT, chosen);
  if (problems.length > 0) {
    console.error(`The mutant list is stale; update it with the code:\n  ${problems.join("\n  ")}`);
    return 2;
  }
  console.log(`${chosen.length} mutants apply to the tree`);
  if (checkOnly) return 0;
  const dir = await copyTree();
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    Deno.addSignalListener(signal, () => {
      Deno.removeSync(dir, { recursive: true });
      Deno.exit(130);
    });
  }
  let survived = 0;
  try {
    for (const mutant of chosen) {
      const path = `${dir}/${mutant.file}`;
      const original = await Deno.readTextFile(path);
      const mutated = original.replace(mutant.from, () => mutant.to);
      const mutate = (on: boolean) => Deno.writeTextFile(path, on ? mutated : original);
      await mutate(true);
      try {
        if (!(await typeChecks(dir, mutant.file))) {
          throw new Error(`${mutant.name}: the mutated ${mutant.file} does not type-check`);
        }
        const caught = await catcher(dir, mutant, mutate);
        if (caught === null) survived++;
        console.log(`${mutant.name}: ${caught === null ? "SURVIVED" : `caught by ${caught}`}`);
      } finally {
        await mutate(false);
      }
    }
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
  console.log(`${chosen.length - survived} of ${chosen.length} mutants caught`);
  return survived === 0 ? 0 : 1;
}

if (import.meta.main) Deno.exit(await main(Deno.args));

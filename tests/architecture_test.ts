/**
 * The layout's rules (CONTRIBUTING, "Where things go" and "Layers point one way"), each a function
 * over an import graph that returns its violations. Each rule runs on the repository's real graph,
 * where it must find none, and on a small made-up graph with one deliberate violation, which it
 * must report, so a rule that stopped looking would fail here too.
 */
import assert from "node:assert/strict";

/** A source file: the modules of the tree it imports (root-relative), its packages, its length. */
interface SourceFile {
  imports: string[];
  packages: string[];
  lines: number;
}

/** Every source file of the tree, by root-relative path. */
type SourceGraph = Map<string, SourceFile>;

/** One feature's files, one glob per top-level room (the table CONTRIBUTING shows). */
type Rooms = Partial<
  Record<"lib" | "routes" | "tools" | "islands" | "client" | "views" | "tests", string>
>;

/** What the rules read besides the graph: the features and how lib/'s folders are classed. */
interface Layout {
  features: Record<string, Rooms>;
  /** lib/ folders every feature may import anything of (with lib/'s root modules). */
  core: readonly string[];
  /** lib/ folders of the app's plumbing: the faces' machinery, never imported by a feature. */
  plumbing: readonly string[];
}

const LAYOUT: Layout = {
  features: {
    wallet: {
      lib: "lib/wallet/**",
      routes: "routes/wallet{.tsx,/**}",
      tools: "tools/get_{wallet,trade_history}.ts",
      islands: "islands/{LiveAccount,LivePositions,WalletRiskBand}.tsx",
      client: "client/wallet_*",
      tests: "tests/wallet/**",
    },
    position: {
      lib: "lib/position/**",
      routes: "routes/position{.tsx,/**}",
      tools: "tools/get_positions.ts",
      views: "views/positions.ts",
      tests: "tests/position/**",
    },
    intent: {
      lib: "lib/intent/**",
      routes: "routes/intent{.tsx,/**}",
      tools: "tools/{get_intents,lookup_intent}.ts",
      tests: "tests/intent/**",
    },
    transaction: {
      lib: "lib/transaction/**",
      routes: "routes/tx{.tsx,/**}",
      tools: "tools/decode_transaction.ts",
      views: "views/settlement.ts",
      tests: "tests/transaction/**",
    },
    leaderboard: {
      lib: "lib/leaderboard/**",
      routes: "routes/leaderboard{.tsx,/**}",
      tools: "tools/get_leaderboard.ts",
      tests: "tests/leaderboard/**",
    },
    at_risk: {
      lib: "lib/at_risk/**",
      routes: "routes/at_risk{.tsx,/**}",
      tools: "tools/get_positions_at_risk.ts",
      views: "views/at_risk.ts",
      tests: "tests/at_risk/**",
    },
    markets: {
      lib: "lib/markets/**",
      routes: "routes/{home,markets}{.tsx,/**}",
      tools: "tools/get_protocol_overview.ts",
      views: "views/markets.ts",
      tests: "tests/markets/**",
    },
    search: {
      lib: "lib/search/**",
      routes: "routes/search{.tsx,/**}",
      tools: "tools/search.ts",
      tests: "tests/search/**",
    },
    watchlist: {
      lib: "lib/watchlist/**",
      routes: "routes/watchlist.tsx",
      islands: "islands/{Watchlist,StarWallet}.tsx",
      client: "client/watchlist_*",
      tests: "tests/watchlist/**",
    },
    feeds: {
      lib: "lib/feeds/**",
      routes: "routes/feeds.ts",
      tests: "tests/feeds/**",
    },
    liquidations: {
      lib: "lib/liquidations/**",
      routes: "routes/liquidations{.tsx,/**}",
      tools: "tools/get_liquidations.ts",
      tests: "tests/liquidations/**",
    },
  },
  core: ["papertrade", "hyperevm", "hyperliquid", "cache", "math", "card", "kv"],
  plumbing: ["http", "docs", "discovery", "delivery"],
};

const MAX_LINES = 300;

/**
 * Product modules allowed past {@link MAX_LINES} for now, each for a reason that ends: an entry
 * whose file is gone or short enough is reported, so that the list only shrinks.
 */
const LONG_FOR_NOW: Record<string, string> = {};

/**
 * Modules that keep a request-scoped value in AsyncLocalStorage, each for a reason: a hidden
 * channel is kept only where no Hono context reaches (`c.var` is the channel everywhere else).
 */
const REQUEST_SCOPED: Record<string, string> = {
  "lib/cache/freshness.ts": "the read cache, shared by every request, notes a stale answer " +
    "below any handler's reach (every feature's reads, the at-risk board's background refresh); " +
    "the scope says which request it went to, and pages get it as `c.var.staleReads`",
};

// --- the rules ---------------------------------------------------------------------------------

/** Test code (its own rules in CONTRIBUTING) and what is not TypeScript of ours. */
function isProduct(path: string): boolean {
  return !/^(tests|fixtures|bench)\//.test(path) && !/_test\.tsx?$/.test(path);
}

/** `lib/<folder>/` of a path, or null for lib/'s root modules and paths outside lib/. */
function libFolderOf(path: string): string | null {
  return /^lib\/([^/]+)\//.exec(path)?.[1] ?? null;
}

function folderOf(path: string): string {
  return path.slice(0, path.lastIndexOf("/") + 1);
}

/** Each product file's imports of the tree's modules, as `from -> to` pairs. */
function edges(graph: SourceGraph): Array<[string, string]> {
  return [...graph].filter(([file]) => isProduct(file)).flatMap(([file, { imports }]) =>
    imports.map((target): [string, string] => [file, target])
  );
}

const arrow = ([from, to]: [string, string]) => `${from} -> ${to}`;

/** A glob of the layout table as a RegExp: `**`, `*`, `{a,b}`. */
function globPattern(glob: string): RegExp {
  let source = "";
  for (let i = 0; i < glob.length; i++) {
    const char = glob[i];
    if (char === "*" && glob[i + 1] === "*") {
      source += ".*";
      i++;
    } else if (char === "*") source += "[^/]*";
    else if (char === "{") source += "(?:";
    else if (char === "}") source += ")";
    else if (char === ",") source += "|";
    else source += char.replace(/[.+?^$()|[\]\\]/g, "\\$&");
  }
  return new RegExp(`^${source}$`);
}

/** The feature a path belongs to by the layout's globs, or null (shared, plumbing, core). */
function featureOf(layout: Layout, path: string): string | null {
  for (const [name, rooms] of Object.entries(layout.features)) {
    if (Object.values(rooms).some((glob) => globPattern(glob!).test(path))) return name;
  }
  return null;
}

/** Every folder of lib/ is a feature, core or plumbing: a new folder is placed on purpose. */
function libFoldersClassed(graph: SourceGraph, layout = LAYOUT): string[] {
  const known = new Set([...Object.keys(layout.features), ...layout.core, ...layout.plumbing]);
  const folders = new Set([...graph.keys()].flatMap((path) => libFolderOf(path) ?? []));
  return [...folders].filter((folder) => !known.has(folder)).sort()
    .map((folder) => `lib/${folder}/ is neither a feature, core nor plumbing`);
}

/**
 * A feature folder imports only core, lib/'s root modules, its own files and other features'
 * `mod.ts`, never its own `mod.ts` nor the plumbing. Whatever else imports a feature's folder
 * (routes, tools, components, other lib/ modules) goes through its `mod.ts`, except islands/,
 * client/ and views/: esbuild keeps a module's top-level calls (zod schemas, say) in the browser
 * bundle, so the browser code imports the one module it needs. Core and lib/'s root import no
 * feature.
 */
function featureBoundaries(graph: SourceGraph, layout = LAYOUT): string[] {
  const features = new Set(Object.keys(layout.features));
  const core = new Set(layout.core);
  const found: string[] = [];
  for (const [from, to] of edges(graph)) {
    if (!to.startsWith("lib/")) continue;
    const source = libFolderOf(from);
    const target = libFolderOf(to);
    const fromFeature = from.startsWith("lib/") && source !== null && features.has(source);
    if (target !== null && features.has(target)) {
      const isMod = to === `lib/${target}/mod.ts`;
      if (source === target && fromFeature) {
        if (isMod) found.push(`${arrow([from, to])}: a feature imports its own files directly`);
      } else if (from.startsWith("lib/") && !fromFeature && (source === null || core.has(source))) {
        found.push(`${arrow([from, to])}: core and lib/'s root import no feature`);
      } else if (!isMod && !/^(islands|client|views)\//.test(from)) {
        found.push(`${arrow([from, to])}: another feature is imported through its mod.ts`);
      }
    } else if (fromFeature && target !== null && layout.plumbing.includes(target)) {
      found.push(`${arrow([from, to])}: a feature imports no plumbing`);
    }
  }
  return found.sort();
}

/**
 * A route's own parts (`routes/<name>/`) are imported only by files of the same feature (and by
 * the pages router, which mounts the stateful routes).
 */
function pagePartsStayHome(graph: SourceGraph, layout = LAYOUT): string[] {
  return edges(graph).filter(([from, to]) =>
    /^routes\/(?!mcp\/)[^/]+\//.test(to) && from !== "routes/page_handlers.ts" &&
    featureOf(layout, from) !== featureOf(layout, to)
  ).map(arrow).sort();
}

/** Every glob of the table names files, and no file is in two features. */
function featureRoomsDisjoint(graph: SourceGraph, layout = LAYOUT): string[] {
  const found: string[] = [];
  const owner = new Map<string, string>();
  for (const [name, rooms] of Object.entries(layout.features)) {
    for (const [room, glob] of Object.entries(rooms)) {
      const matched = [...graph.keys()].filter((path) => globPattern(glob!).test(path));
      if (matched.length === 0) found.push(`${name}'s ${room} glob ${glob} names no file`);
      for (const path of matched) {
        const other = owner.get(path);
        if (other !== undefined && other !== name) found.push(`${path} is in ${other} and ${name}`);
        owner.set(path, name);
      }
    }
  }
  return found.sort();
}

/** components/ is server-rendered UI: it never imports browser state (client/, islands/). */
function componentsStayServerSide(graph: SourceGraph): string[] {
  return edges(graph).filter(([from, to]) =>
    from.startsWith("components/") && /^(client|islands)\//.test(to)
  ).map(arrow).sort();
}

/** lib/ imports nothing from routes/, components/, islands/ or client/. */
function libImportsDownward(graph: SourceGraph): string[] {
  return edges(graph).filter(([from, to]) =>
    from.startsWith("lib/") && /^(routes|components|islands|client)\//.test(to)
  ).map(arrow).sort();
}

/** tools/ imports only tools/ and lib/: the MCP runtime and the pages sit above it. */
function toolsStandOnLib(graph: SourceGraph): string[] {
  return edges(graph).filter(([from, to]) =>
    from.startsWith("tools/") && !/^(tools|lib)\//.test(to)
  ).map(arrow).sort();
}

/** The MCP runtime (routes/mcp/) stands on tools/ and lib/ alone, and nothing below imports it. */
function mcpRuntimeOnTop(graph: SourceGraph): string[] {
  const runtime = (path: string) => path.startsWith("routes/mcp/");
  return edges(graph).filter(([from, to]) =>
    runtime(from) && !/^(routes\/mcp|tools|lib)\//.test(to) ||
    runtime(to) && /^(lib|tools|components|islands|client)\//.test(from)
  ).map(arrow).sort();
}

/** A `_private` module is imported only from its own folder (tests included). */
function privateModulesStayHome(graph: SourceGraph): string[] {
  return [...graph].flatMap(([file, { imports }]) =>
    imports.filter((target) =>
      target.slice(target.lastIndexOf("/") + 1).startsWith("_") &&
      folderOf(target) !== folderOf(file)
    ).map((target) => arrow([file, target]))
  ).sort();
}

/** Strongly connected groups (more than one node) of a directed graph, each sorted. */
function stronglyConnected(next: Map<string, Set<string>>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const groups: string[][] = [];
  const visit = (node: string) => {
    index.set(node, index.size);
    low.set(node, index.get(node)!);
    stack.push(node);
    for (const other of next.get(node) ?? []) {
      if (!index.has(other)) {
        visit(other);
        low.set(node, Math.min(low.get(node)!, low.get(other)!));
      } else if (stack.includes(other)) {
        low.set(node, Math.min(low.get(node)!, index.get(other)!));
      }
    }
    if (low.get(node) === index.get(node)) {
      const group: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        group.push(member);
      } while (member !== node);
      if (group.length > 1) groups.push(group.sort());
    }
  };
  for (const node of next.keys()) if (!index.has(node)) visit(node);
  return groups;
}

/** No module imports itself back through others (tests included). */
function noModuleCycles(graph: SourceGraph): string[] {
  const next = new Map([...graph].map(([file, { imports }]) => [file, new Set(imports)]));
  return stronglyConnected(next).map((group) => group.join(" <-> ")).sort();
}

/**
 * No two folders of lib/ import each other, however indirectly (product code; lib/'s root modules
 * are not a folder: a cycle through them is one of modules, {@link noModuleCycles}).
 */
function noLibFolderCycles(graph: SourceGraph): string[] {
  const next = new Map<string, Set<string>>();
  for (const [from, to] of edges(graph)) {
    const a = from.startsWith("lib/") && libFolderOf(from) ? folderOf(from) : null;
    const b = to.startsWith("lib/") && libFolderOf(to) ? folderOf(to) : null;
    if (a === null || b === null || a === b) continue;
    next.set(a, (next.get(a) ?? new Set()).add(b));
  }
  return stronglyConnected(next).map((group) => group.join(" <-> ")).sort();
}

/** No product module is over {@link MAX_LINES} lines but those of {@link LONG_FOR_NOW}. */
function modulesStayShort(graph: SourceGraph, allowed = LONG_FOR_NOW): string[] {
  const long = [...graph].filter(([file, { lines }]) => isProduct(file) && lines > MAX_LINES);
  const stale = Object.keys(allowed).filter((file) => (graph.get(file)?.lines ?? 0) <= MAX_LINES);
  return [
    ...long.filter(([file]) => !(file in allowed)).map(([file, { lines }]) =>
      `${file} has ${lines} lines`
    ),
    ...stale.map((file) => `${file} is no longer long: delete its entry`),
  ].sort();
}

/** No hidden request-scoped channel (AsyncLocalStorage) but those of {@link REQUEST_SCOPED}. */
function noHiddenRequestChannels(graph: SourceGraph, allowed = REQUEST_SCOPED): string[] {
  const users = [...graph].filter(([file, { packages }]) =>
    isProduct(file) && packages.includes("node:async_hooks")
  ).map(([file]) => file);
  return [
    ...users.filter((file) => !(file in allowed)).map((file) => `${file} uses AsyncLocalStorage`),
    ...Object.keys(allowed).filter((file) => !users.includes(file))
      .map((file) => `${file} no longer uses AsyncLocalStorage: delete its entry`),
  ].sort();
}

const RULES: Record<string, (graph: SourceGraph) => string[]> = {
  libFoldersClassed,
  featureBoundaries,
  pagePartsStayHome,
  featureRoomsDisjoint,
  componentsStayServerSide,
  libImportsDownward,
  toolsStandOnLib,
  mcpRuntimeOnTop,
  privateModulesStayHome,
  noModuleCycles,
  noLibFolderCycles,
  modulesStayShort,
  noHiddenRequestChannels,
};

// --- the real graph ----------------------------------------------------------------------------

const ROOT = new URL("../", import.meta.url);
const SKIPPED = new Set(["node_modules", ".git", "static", "build"]);
const IMPORT =
  /(?:import|export)\s[^"';]*?from\s*["']([^"']+)["']|import\s*\(\s*["']([^"']+)["']\s*\)|import\s+["']([^"']+)["']/g;

/** Every .ts/.tsx file under the root, as a root-relative path. */
async function sourceFiles(dir = ""): Promise<string[]> {
  const files: string[] = [];
  for await (const entry of Deno.readDir(new URL(dir || ".", ROOT))) {
    const path = dir + entry.name;
    if (entry.isDirectory && !SKIPPED.has(entry.name)) files.push(...await sourceFiles(`${path}/`));
    else if (entry.isFile && /\.tsx?$/.test(entry.name)) files.push(path);
  }
  return files;
}

/** The tree's graph: local imports resolved to root-relative paths, packages as written. */
async function realGraph(): Promise<SourceGraph> {
  const graph: SourceGraph = new Map();
  for (const file of await sourceFiles()) {
    const text = await Deno.readTextFile(new URL(file, ROOT));
    const specifiers = [...text.matchAll(IMPORT)].map((match) => match[1] ?? match[2] ?? match[3]);
    const imports = specifiers.filter((specifier) => specifier.startsWith("."))
      .map((specifier) => new URL(specifier, new URL(file, ROOT)).href.slice(ROOT.href.length));
    const packages = specifiers.filter((specifier) => !specifier.startsWith("."));
    const lines = text.split("\n").length - (text.endsWith("\n") ? 1 : 0);
    graph.set(file, { imports, packages, lines });
  }
  return graph;
}

const graph = await realGraph();

for (const [name, rule] of Object.entries(RULES)) {
  Deno.test(`the repository keeps ${name}`, () => {
    assert.deepEqual(rule(graph), []);
  });
}

Deno.test("the real graph is read: every room of the layout has files and imports", () => {
  assert.ok(graph.size > 400, `${graph.size} files`);
  assert.ok(graph.get("routes/wallet.tsx")!.imports.includes("lib/wallet/mod.ts"));
  assert.ok(graph.get("routes/pages.tsx")!.imports.includes("routes/page_handlers.ts"), "lazy");
  assert.ok(graph.get("lib/cache/freshness.ts")!.packages.includes("node:async_hooks"));
});

// --- one deliberate violation per rule ----------------------------------------------------------

/**
 * A small tree that keeps every rule (given as `path: imports`, a package named as such: `zod`,
 * `node:async_hooks`; each file 10 lines).
 */
const CLEAN: Record<string, string[]> = {
  "lib/papertrade/mod.ts": [],
  "lib/http/failure.ts": [],
  "lib/parts.ts": ["lib/papertrade/mod.ts"],
  "lib/position/mod.ts": ["lib/position/positions.ts"],
  "lib/position/positions.ts": ["lib/papertrade/mod.ts", "lib/parts.ts"],
  "lib/position/positions_test.ts": ["lib/position/positions.ts"],
  "lib/wallet/mod.ts": ["lib/wallet/summary.ts"],
  "lib/wallet/summary.ts": ["lib/position/mod.ts", "zod"],
  "lib/wallet/_helper.ts": [],
  "lib/wallet/view.ts": ["lib/wallet/_helper.ts"],
  "routes/wallet.tsx": ["lib/wallet/mod.ts", "routes/wallet/WalletPage.tsx", "lib/http/failure.ts"],
  "routes/wallet/WalletPage.tsx": ["components/Layout.tsx", "client/island.tsx"],
  "routes/position.tsx": ["lib/position/mod.ts", "lib/wallet/mod.ts"],
  "routes/pages.tsx": ["routes/page_handlers.ts"],
  "routes/page_handlers.ts": [
    "routes/wallet.tsx",
    "routes/position.tsx",
    "routes/wallet/WalletPage.tsx",
  ],
  "routes/mcp/mod.ts": ["tools/get_wallet.ts", "lib/http/failure.ts"],
  "tools/get_wallet.ts": ["lib/wallet/mod.ts"],
  "tools/get_positions.ts": ["lib/position/mod.ts"],
  "components/Layout.tsx": ["lib/parts.ts"],
  "client/island.tsx": ["islands/LiveAccount.tsx"],
  "client/wallet_store.ts": ["lib/wallet/view.ts"],
  "islands/LiveAccount.tsx": ["client/wallet_store.ts", "lib/wallet/view.ts"],
  "tests/wallet/page_test.ts": ["routes/wallet.tsx", "lib/wallet/summary.ts"],
  "tests/position/page_test.ts": ["routes/position.tsx"],
  "app.tsx": ["routes/pages.tsx", "routes/mcp/mod.ts"],
};

const SMALL_LAYOUT: Layout = {
  features: {
    wallet: {
      lib: "lib/wallet/**",
      routes: "routes/wallet{.tsx,/**}",
      tools: "tools/get_wallet.ts",
      islands: "islands/LiveAccount.tsx",
      client: "client/wallet_*",
      tests: "tests/wallet/**",
    },
    position: {
      lib: "lib/position/**",
      routes: "routes/position{.tsx,/**}",
      tools: "tools/get_positions.ts",
      tests: "tests/position/**",
    },
  },
  core: ["papertrade"],
  plumbing: ["http"],
};

function made(files: Record<string, string[]>, lines: Record<string, number> = {}): SourceGraph {
  const isPackage = (specifier: string) => specifier.includes(":") || !specifier.includes(".");
  return new Map(
    Object.entries(files).map(([path, specifiers]) => [path, {
      imports: specifiers.filter((specifier) => !isPackage(specifier)),
      packages: specifiers.filter(isPackage),
      lines: lines[path] ?? 10,
    }]),
  );
}

/** The rules over the small tree, with its layout and no long or request-scoped modules allowed. */
const SMALL_RULES: Record<string, (graph: SourceGraph) => string[]> = {
  ...RULES,
  libFoldersClassed: (g) => libFoldersClassed(g, SMALL_LAYOUT),
  featureBoundaries: (g) => featureBoundaries(g, SMALL_LAYOUT),
  pagePartsStayHome: (g) => pagePartsStayHome(g, SMALL_LAYOUT),
  featureRoomsDisjoint: (g) => featureRoomsDisjoint(g, SMALL_LAYOUT),
  modulesStayShort: (g) => modulesStayShort(g, {}),
  noHiddenRequestChannels: (g) => noHiddenRequestChannels(g, {}),
};

/** Each rule, the change that breaks it, and what the rule must report. */
const BREAKS: Array<{
  rule: string;
  files?: Record<string, string[]>;
  removed?: string[];
  lines?: Record<string, number>;
  reported: string;
}> = [
  {
    rule: "libFoldersClassed",
    files: { "lib/gadgets/mod.ts": [] },
    reported: "lib/gadgets/ is neither a feature, core nor plumbing",
  },
  {
    rule: "featureBoundaries",
    files: { "lib/wallet/summary.ts": ["lib/position/positions.ts"] },
    reported:
      "lib/wallet/summary.ts -> lib/position/positions.ts: another feature is imported through " +
      "its mod.ts",
  },
  {
    rule: "featureBoundaries",
    files: { "routes/position.tsx": ["lib/position/positions.ts"] },
    reported:
      "routes/position.tsx -> lib/position/positions.ts: another feature is imported through " +
      "its mod.ts",
  },
  {
    rule: "featureBoundaries",
    files: { "lib/wallet/summary.ts": ["lib/http/failure.ts"] },
    reported: "lib/wallet/summary.ts -> lib/http/failure.ts: a feature imports no plumbing",
  },
  {
    rule: "featureBoundaries",
    files: { "lib/parts.ts": ["lib/wallet/mod.ts"] },
    reported: "lib/parts.ts -> lib/wallet/mod.ts: core and lib/'s root import no feature",
  },
  {
    rule: "featureBoundaries",
    files: { "lib/wallet/view.ts": ["lib/wallet/mod.ts"] },
    reported: "lib/wallet/view.ts -> lib/wallet/mod.ts: a feature imports its own files directly",
  },
  {
    rule: "pagePartsStayHome",
    files: { "routes/position.tsx": ["routes/wallet/WalletPage.tsx"] },
    reported: "routes/position.tsx -> routes/wallet/WalletPage.tsx",
  },
  {
    rule: "featureRoomsDisjoint",
    removed: ["tools/get_positions.ts"],
    reported: "position's tools glob tools/get_positions.ts names no file",
  },
  {
    rule: "componentsStayServerSide",
    files: { "components/Layout.tsx": ["client/wallet_store.ts"] },
    reported: "components/Layout.tsx -> client/wallet_store.ts",
  },
  {
    rule: "libImportsDownward",
    files: { "lib/wallet/summary.ts": ["components/Layout.tsx"] },
    reported: "lib/wallet/summary.ts -> components/Layout.tsx",
  },
  {
    rule: "toolsStandOnLib",
    files: { "tools/get_wallet.ts": ["routes/wallet.tsx"] },
    reported: "tools/get_wallet.ts -> routes/wallet.tsx",
  },
  {
    rule: "mcpRuntimeOnTop",
    files: { "tools/get_positions.ts": ["routes/mcp/mod.ts"] },
    reported: "tools/get_positions.ts -> routes/mcp/mod.ts",
  },
  {
    rule: "privateModulesStayHome",
    files: { "routes/wallet.tsx": ["lib/wallet/_helper.ts"] },
    reported: "routes/wallet.tsx -> lib/wallet/_helper.ts",
  },
  {
    rule: "noModuleCycles",
    files: { "lib/papertrade/mod.ts": ["lib/parts.ts"] },
    reported: "lib/papertrade/mod.ts <-> lib/parts.ts",
  },
  {
    rule: "noLibFolderCycles",
    files: {
      "lib/papertrade/mod.ts": ["lib/http/failure.ts"],
      "lib/http/failure.ts": ["lib/papertrade/x.ts"],
    },
    reported: "lib/http/ <-> lib/papertrade/",
  },
  {
    rule: "modulesStayShort",
    lines: { "routes/wallet/WalletPage.tsx": 301, "tests/wallet/page_test.ts": 900 },
    reported: "routes/wallet/WalletPage.tsx has 301 lines",
  },
  {
    rule: "noHiddenRequestChannels",
    files: { "lib/parts.ts": ["lib/papertrade/mod.ts", "node:async_hooks"] },
    reported: "lib/parts.ts uses AsyncLocalStorage",
  },
];

Deno.test("every rule finds nothing in a small tree that keeps them all", () => {
  const clean = made(CLEAN);
  for (const [name, rule] of Object.entries(SMALL_RULES)) assert.deepEqual(rule(clean), [], name);
});

Deno.test("every rule reports a deliberate violation of it", () => {
  assert.deepEqual(
    Object.keys(RULES).filter((name) => !BREAKS.some((item) => item.rule === name)),
    [],
    "each rule has a violation to catch",
  );
  for (const { rule, files, removed, lines, reported } of BREAKS) {
    const broken = made({ ...CLEAN, ...files }, lines);
    for (const path of removed ?? []) broken.delete(path);
    assert.deepEqual(SMALL_RULES[rule](broken), [reported], rule);
  }
});

Deno.test("an allowance that is no longer needed is reported, so the lists only shrink", () => {
  const clean = made(CLEAN);
  assert.deepEqual(modulesStayShort(clean, { "lib/parts.ts": "long for now" }), [
    "lib/parts.ts is no longer long: delete its entry",
  ]);
  assert.deepEqual(noHiddenRequestChannels(clean, { "lib/parts.ts": "a reason" }), [
    "lib/parts.ts no longer uses AsyncLocalStorage: delete its entry",
  ]);
});

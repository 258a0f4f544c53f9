/**
 * Run by `lib/http/app_env_test.ts` under a low `ulimit -n`: uses up every descriptor, asks a
 * `lazyImport` for a module (it fails: its file cannot be read), frees the descriptors, asks
 * again, and prints what each call did as one JSON line.
 */
import { lazyImport } from "../../lib/http/app_env.ts";

const load = lazyImport<{ answer: number }>(new URL(Deno.args[0]));
const held: Deno.FsFile[] = [];
try {
  for (;;) held.push(Deno.openSync(Deno.execPath()));
} catch { /* every descriptor is taken */ }
const outcome = async () => {
  try {
    return `loaded ${(await load()).answer}`;
  } catch (error) {
    return `failed: ${String((error as Error).message).replace(/\s+/g, " ")}`;
  }
};
const first = await outcome();
for (const file of held) file.close();
const second = await outcome();
const third = await outcome();
console.log(JSON.stringify({ first, second, third }));

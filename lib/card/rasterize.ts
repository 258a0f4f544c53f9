/**
 * Drawing a card to PNG on the server: satori lays the element tree out into SVG (real text
 * shaping, with the Inter TTFs shipped in `@expo-google-fonts/inter`), and resvg's WebAssembly
 * build rasterises it. No system fonts, no native code and no file writes, so it runs on Deno
 * Deploy; the fonts and the wasm module are read from the installed packages, once.
 */
import satori from "satori";
import { initWasm, Resvg } from "@resvg/resvg-wasm";

/** A satori element: a tag, its style and children (satori reads `type` and `props`). */
export interface CardElement {
  type: string;
  props: { style?: Record<string, string | number>; children?: CardChild | CardChild[] };
}

export type CardChild = CardElement | string;

let ready: Promise<{ regular: ArrayBuffer; bold: ArrayBuffer }> | null = null;

async function readPackageFile(specifier: string): Promise<ArrayBuffer> {
  const bytes = await Deno.readFile(new URL(import.meta.resolve(specifier)));
  return bytes.buffer as ArrayBuffer;
}

/** Loads the fonts and initialises the wasm rasteriser, once per process. */
function prepare(): Promise<{ regular: ArrayBuffer; bold: ArrayBuffer }> {
  ready ??= (async () => {
    const [wasm, regular, bold] = await Promise.all([
      readPackageFile("@resvg/resvg-wasm/index_bg.wasm"),
      readPackageFile("@expo-google-fonts/inter/400Regular/Inter_400Regular.ttf"),
      readPackageFile("@expo-google-fonts/inter/700Bold/Inter_700Bold.ttf"),
    ]);
    await initWasm(wasm);
    return { regular, bold };
  })().catch((error) => {
    ready = null; // a later request may try again
    throw error;
  });
  return ready;
}

/** Lays `element` out at `width`×`height` and returns the PNG bytes. */
export async function renderPng(
  element: CardElement,
  size: { width: number; height: number },
): Promise<Uint8Array> {
  const fonts = await prepare();
  const svg = await satori(element as unknown as Parameters<typeof satori>[0], {
    width: size.width,
    height: size.height,
    fonts: [
      { name: "Inter", data: fonts.regular, weight: 400, style: "normal" },
      { name: "Inter", data: fonts.bold, weight: 700, style: "normal" },
    ],
  });
  const resvg = new Resvg(svg, { fitTo: { mode: "width", value: size.width } });
  const image = resvg.render();
  try {
    return image.asPng();
  } finally {
    image.free();
    resvg.free();
  }
}

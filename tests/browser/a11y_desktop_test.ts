/**
 * Accessibility in Chromium at 1440 px: axe-core in a real page of every family, light and dark;
 * no rule may find a violation of any impact. The phone, the theme override and the keyboard
 * order are `a11y_test.ts`; the two files run side by side. Also: no chart label is clipped, by
 * the browser's own text boxes, on a phone and at 1440 px.
 */
import assert from "node:assert/strict";
import { browserTest, catalog } from "./_harness.ts";
import { auditScreen, SCREENS } from "./_a11y.ts";

browserTest(
  "the explorer's pages pass axe in both themes at 1440 px",
  async (t, { site, browser }) => {
    await auditScreen(t, site, browser!, "desktop");

    await t.step(
      "every chart label lies inside its drawing, on a phone and at 1440 px",
      async () => {
        const paths = [
          "/markets?history=1h",
          "/markets",
          "/at-risk",
          `/wallet/${catalog.wallets.whale.address}`,
        ];
        const clipped: string[] = [];
        let labels = 0;
        for (const screen of ["phone", "desktop"] as const) {
          const context = await browser!.newContext(SCREENS[screen]);
          for (const path of paths) {
            const page = await context.newPage();
            await page.goto(`${site.origin}${path}`);
            const found = await page.evaluate(() =>
              [...document.querySelectorAll<SVGTextElement>("svg.chart-svg text")].map((text) => {
                const box = text.getBBox();
                const view = text.ownerSVGElement!.viewBox.baseVal;
                return {
                  text: text.textContent ?? "",
                  inside: box.x >= view.x && box.y >= view.y &&
                    box.x + box.width <= view.x + view.width &&
                    box.y + box.height <= view.y + view.height,
                  box: [box.x, box.y, box.width, box.height].map((n) => Math.round(n)),
                };
              })
            );
            labels += found.length;
            for (const label of found.filter((one) => !one.inside)) {
              clipped.push(`${screen} ${path} "${label.text}" ${label.box.join(" ")}`);
            }
            await page.close();
          }
          await context.close();
        }
        assert.ok(labels > 40, `${labels} labels`);
        assert.deepEqual(clipped, []);
      },
    );
  },
);

/**
 * Accessibility in Chromium at 1440 px: axe-core in a real page of every family, light and dark;
 * no rule may find a violation of any impact. The phone, the theme override and the keyboard
 * order are `a11y_test.ts`; the two files run side by side.
 */
import { browserTest } from "./_harness.ts";
import { auditScreen } from "./_a11y.ts";

browserTest(
  "the explorer's pages pass axe in both themes at 1440 px",
  async (t, { site, browser }) => {
    await auditScreen(t, site, browser!, "desktop");
  },
);

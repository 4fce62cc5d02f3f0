import { expect, waitFor } from 'storybook/test';

/**
 * Every generated story runs this: the example must pass its schema and its
 * widget must render content without an error card, in a real browser.
 */
export async function expectWidgetRendered({
  canvasElement,
  args,
}: {
  canvasElement: HTMLElement;
  args: { name: string };
}): Promise<void> {
  await waitFor(
    () => {
      const slot = canvasElement.querySelector(`[data-widget="${args.name}"]`);
      expect(canvasElement.querySelector('[data-testid="error-card"]')).toBeNull();
      expect(slot).not.toBeNull();
      expect(slot?.querySelector('[data-testid="widget-loading"]')).toBeNull();
      expect(slot?.textContent?.trim() || slot?.querySelector('svg, canvas, img, [role="img"]')).toBeTruthy();
    },
    // Generous: a story's first load compiles its widget's chunk, which on a busy two-core CI machine
    // has taken over 5 s. A widget that fails shows its error card and still fails here, only later.
    { timeout: 20_000 },
  );
}

import { createRequire } from 'node:module';
import fs from 'node:fs';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { englishWordsIn } from '../../support/english';

/**
 * Accessibility and language checks of whatever a page shows right now, for every screen's
 * browser tests (modules call them on their own screens):
 *
 *   await expectAccessible(page, 'documentos');          // axe-core: no serious or critical violation
 *   await expectSpanish(page, 'documentos');             // no English left on a Spanish screen
 *
 * Wait for the screen's content before calling (a heading, a list), never for a delay.
 */
const AXE_SOURCE = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** WCAG 2.1 A and AA, and axe's best practices (heading order, landmarks...). */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

type AxeNode = { target: string[]; failureSummary?: string; html: string };
type AxeViolation = { id: string; impact: string | null; help: string; nodes: AxeNode[] };

/** Resolves once no CSS transition runs (a tab or dialog fading in shows mixed colours meanwhile). */
export const transitionsDone = (page: Page) =>
  page.waitForFunction(() => document.getAnimations().every((animation) => !(animation instanceof CSSTransition) || animation.playState !== 'running'));

/** The serious and critical violations of the page as it is now (axe-core injected into it). */
export async function accessibilityViolations(page: Page): Promise<AxeViolation[]> {
  await transitionsDone(page);
  // Evaluated through the DevTools protocol: the app's Content-Security-Policy refuses inline scripts.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(
    async (tags) => {
      const axe = (window as unknown as { axe: { run: (context: Document, options: object) => Promise<{ violations: AxeViolation[] }> } }).axe;
      return (await axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] })).violations;
    },
    TAGS,
  );
  return violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
}

/** Each serious or critical violation of the page as it is now: what, where and how to fix it. */
export async function accessibilityReport(page: Page): Promise<string[]> {
  return (await accessibilityViolations(page)).map(
    (violation) =>
      `${violation.id} (${violation.impact}): ${violation.help}\n` +
      violation.nodes.map((node) => `    ${node.target.join(' ')}: ${node.failureSummary?.replace(/\n/g, ' ') ?? node.html}`).join('\n'),
  );
}

/** Fails with the serious or critical violations of the page as it is now. */
export async function expectAccessible(page: Page, screen: string) {
  expect(await accessibilityReport(page), `${screen}: accessibility violations`).toEqual([]);
}

/**
 * The English words (each with its text) in what a Spanish screen says, to sight and to screen readers (text,
 * visually hidden text, labels, titles, placeholders, alternative texts).
 */
export async function englishOnScreen(page: Page): Promise<string[]> {
  const texts = await page.evaluate(() => {
    const found: string[] = [document.title, document.body.innerText];
    for (const element of Array.from(document.querySelectorAll('body *'))) {
      if (element.closest('script, style, svg, [translate="no"]')) continue;
      for (const name of ['aria-label', 'title', 'placeholder', 'alt', 'aria-valuetext']) {
        const value = element.getAttribute(name);
        if (value) found.push(value);
      }
      // Visually hidden text is not in innerText.
      if (element.classList.contains('visually-hidden') || element.classList.contains('visually-hidden-focusable')) found.push(element.textContent ?? '');
    }
    return found;
  });
  // Each word with the words around it, to find it on the screen.
  const around = (text: string, word: string) => {
    const flat = text.replace(/\s+/g, ' ');
    const at = flat.search(new RegExp(`\\b${word}\\b`));
    return flat.slice(Math.max(0, at - 30), at + word.length + 30).trim();
  };
  const found = texts.flatMap((text) => englishWordsIn(text).map((word) => `"${word}" in "…${around(text, word)}…"`));
  return [...new Set(found)];
}

export async function expectSpanish(page: Page, screen: string) {
  expect(await englishOnScreen(page), `${screen}: English on a Spanish screen`).toEqual([]);
}

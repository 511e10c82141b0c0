import axe from 'axe-core';

/**
 * The axe rules' violations inside `root`, as "rule: what is wrong (n)" lines, for `toEqual([])`. jsdom lays
 * nothing out, so colour contrast (measured in the browser by the end-to-end checks) is left to those.
 */
export async function axeViolations(root: Element): Promise<string[]> {
  const results = await axe.run(root, { rules: { 'color-contrast': { enabled: false } } });
  return results.violations.map((v) => `${v.id}: ${v.help} (${String(v.nodes.length)})`);
}

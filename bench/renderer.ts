/**
 * `npm run bench`: the renderer benchmark. Builds `bench/renderer/` (the KYC-300 form, 300 fields) for production,
 * loads it in headless Chromium (launched as the e2e tests launch it) and measures, for each renderer in the same
 * run, interleaved round by round, each in a fresh page:
 * - mount: from `render` until the first frame after the commit (layout and paint included; JS alone in brackets);
 * - all fields: from `render` until the frame after the last of the 300 fields is in the page (a form may render its
 *   lower sections in the background just after the first frame);
 * - keystroke JS: per key, from dispatching its input event until React has rendered what it changed (median, p95);
 * - frame p95: requestAnimationFrame intervals while typing, one key every 60 ms;
 * - all script per key: Chrome's ScriptDuration over the typing divided by the keys (timers, frames and GC too).
 * `BENCH_ROUNDS` (default 5) sets the rounds. The machine may be busy; the ratios between rows are what count.
 */
import { rmSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { launchChromium } from '../e2e/harness';
import { buildBenchPage, serve } from './renderer/build';
import { TYPING } from './renderer/kyc300';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const VIEWPORT = { width: 1280, height: 800 };

// `page` is the form the page renders, all on React DOM as the app ships.
const VARIANTS = [
  { id: 'plain', page: 'plain', label: 'plain inputs (the floor)' },
  { id: 'stock', page: 'stock', label: 'stock @rjsf/mui, validate on submit' },
  { id: 'ours', page: 'ours', label: 'our StepForm (before a failed submit)' },
  { id: 'ours-live', page: 'ours-live', label: 'our StepForm (live validation after a failed submit)', failSubmit: true },
] as const;
type VariantId = (typeof VARIANTS)[number]['id'];

interface Sample {
  mountMs: number;
  mountJsMs: number;
  allFieldsMs: number;
  keys: number[];
  frames: number[];
  scriptMsPerKey: number;
}

async function measure(browser: Browser, url: string, variant: (typeof VARIANTS)[number]): Promise<Sample> {
  const context = await browser.newContext({ viewport: VIEWPORT });
  try {
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(`${url}?variant=${variant.page}`);
    await page.waitForFunction(() => 'bench' in window);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Performance.enable');
    const { mountMs, jsMs, allFieldsMs } = await page.evaluate(() => window.bench.mount());
    if ('failSubmit' in variant) {
      const { errorsShown } = await page.evaluate(() => window.bench.failSubmit());
      if (errorsShown === 0) throw new Error(`${variant.id}: the failed submit showed no errors`);
    }
    const scriptSeconds = async () =>
      ((await cdp.send('Performance.getMetrics')).metrics.find((metric) => metric.name === 'ScriptDuration')?.value ?? 0);
    const scriptBefore = await scriptSeconds();
    const { keys, frames, typed } = await page.evaluate(() => window.bench.type());
    const scriptMs = ((await scriptSeconds()) - scriptBefore) * 1000;
    const expected = TYPING.map(({ text }) => text);
    if (typed.join('|') !== expected.join('|')) throw new Error(`${variant.id}: typed ${JSON.stringify(typed)}, not ${JSON.stringify(expected)}`);
    if (errors.length > 0) throw new Error(`${variant.id}: ${errors.join('; ')}`);
    return { mountMs, mountJsMs: jsMs, allFieldsMs, keys, frames, scriptMsPerKey: scriptMs / keys.length };
  } finally {
    await context.close();
  }
}

function quantile(values: readonly number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  const position = (sorted.length - 1) * q;
  const below = Math.floor(position);
  const above = Math.min(sorted.length - 1, below + 1);
  return sorted[below]! + (sorted[above]! - sorted[below]!) * (position - below);
}

const median = (values: readonly number[]) => quantile(values, 0.5);
const fixed = (value: number) => (value >= 100 ? value.toFixed(0) : value.toFixed(1));

async function main(): Promise<void> {
  const outDir = await buildBenchPage();
  const served = await serve(outDir);
  const browser = await launchChromium();
  const samples = new Map<VariantId, Sample[]>(VARIANTS.map(({ id }) => [id, []]));
  try {
    for (let round = 0; round < ROUNDS; round++) {
      // Interleaved, each round starting with a different renderer, so a busy spell of the machine hits all alike.
      for (let offset = 0; offset < VARIANTS.length; offset++) {
        const variant = VARIANTS[(round + offset) % VARIANTS.length]!;
        samples.get(variant.id)!.push(await measure(browser, served.url, variant));
      }
      process.stdout.write(`round ${round + 1}/${ROUNDS} done\n`);
    }
  } finally {
    await browser.close();
    served.server.close();
    rmSync(outDir, { recursive: true, force: true });
  }

  const rows = VARIANTS.map(({ id, label }) => {
    const runs = samples.get(id)!;
    const keys = runs.flatMap((run) => run.keys);
    const frames = runs.flatMap((run) => run.frames);
    return {
      id,
      label,
      mount: median(runs.map((run) => run.mountMs)),
      mountJs: median(runs.map((run) => run.mountJsMs)),
      allFields: median(runs.map((run) => run.allFieldsMs)),
      keyMedian: median(keys),
      keyP95: quantile(keys, 0.95),
      frameP95: quantile(frames, 0.95),
      scriptPerKey: median(runs.map((run) => run.scriptMsPerKey)),
    };
  });
  const byId = Object.fromEntries(rows.map((row) => [row.id, row])) as Record<VariantId, (typeof rows)[number]>;

  console.log(`\nKYC-300 (6 sections × 50 fields), React DOM, ${ROUNDS} rounds, ${rows.length} renderers interleaved, Chromium ${VIEWPORT.width}×${VIEWPORT.height}`);
  console.log('| | all fields ms | first frame ms (JS) | keystroke JS median / p95 ms | frame p95 ms | all script per key ms (CDP) |');
  console.log('|---|---|---|---|---|---|');
  for (const row of rows) {
    console.log(
      `| ${row.label} | ${fixed(row.allFields)} | ${fixed(row.mount)} (${fixed(row.mountJs)}) | ${fixed(row.keyMedian)} / ${fixed(row.keyP95)} | ${fixed(row.frameP95)} | ${fixed(row.scriptPerKey)} |`,
    );
  }
  const { stock, plain } = byId;
  const ratio = (value: number, base: number) => value / base;
  const shown = (value: number, goal: number) => `${value.toFixed(2)}× (goal ≤ ${goal}×${value <= goal ? '' : ', missed'})`;
  console.log('\nagainst stock @rjsf/mui (and the plain floor)');
  for (const id of ['ours', 'ours-live'] as const) {
    const row = byId[id];
    console.log(
      `${id.padEnd(9)}  all fields ${shown(ratio(row.allFields, stock.allFields), 0.5)}, ${shown(ratio(row.allFields, plain.allFields), 3)} the floor` +
        `  key median ${shown(ratio(row.keyMedian, stock.keyMedian), 0.25)}  key p95 ${shown(ratio(row.keyP95, stock.keyP95), 0.35)}` +
        `  first frame ${ratio(row.mount, stock.mount).toFixed(2)}×  script/key ${ratio(row.scriptPerKey, stock.scriptPerKey).toFixed(2)}×` +
        `  frame p95 ${(row.frameP95 - plain.frameP95 >= 0 ? '+' : '') + fixed(row.frameP95 - plain.frameP95)} ms over plain`,
    );
  }
}

await main();

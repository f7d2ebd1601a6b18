/**
 * `npm run bench` (BENCH_ONLY=suggestions alone): how often the category suggestions are right on the
 * held-out fifth of a generated categorised history (issue 29 item 2: at least 85 %), and how long
 * learning the model and suggesting for a page take. Exits 1 below 85 %.
 */
import { buildSuggestionModel, suggestCategory } from '../src/category-suggestion.ts';
import { categorisedHistory, heldOutAccuracy } from './categorised-history.ts';

const only = process.env.BENCH_ONLY;
if (!only || only === 'suggestions') {
  let worst = 1;
  for (const seed of [29, 1, 2, 3, 4]) {
    const rows = categorisedHistory(5_000, seed);
    const { right, total, accuracy } = heldOutAccuracy(rows);
    worst = Math.min(worst, accuracy);
    console.log(
      `suggestions: seed ${seed}, ${rows.length} rows: ${right}/${total} held-out right (${(accuracy * 100).toFixed(1)} %)`,
    );
  }
  const history = categorisedHistory(10_000, 29);
  const started = performance.now();
  const model = buildSuggestionModel(history);
  const learnt = performance.now();
  for (const r of history.slice(0, 100)) suggestCategory(model, r);
  const done = performance.now();
  console.log(
    `suggestions: model of 10,000 rows in ${(learnt - started).toFixed(1)} ms, 100 suggestions in ${(done - learnt).toFixed(2)} ms`,
  );
  console.log(`suggestions: worst held-out accuracy ${(worst * 100).toFixed(1)} % (target ≥ 85 %)`);
  if (worst < 0.85) process.exitCode = 1;
}

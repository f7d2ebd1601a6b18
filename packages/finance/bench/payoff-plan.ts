/**
 * `node packages/finance/bench/payoff-plan.ts`: how long one payoff plan of 20 debts over about 30
 * years takes, per strategy, and one 30-year amortization schedule. The plan is computed on request,
 * so it has to stay well under 10 ms; exits 1 when a median is not.
 */
import { amortizationSchedule } from '../src/amortization.ts';
import { type PayoffPlanInput, type PlanDebt, payoffPlan } from '../src/payoff-plan.ts';

const TARGET_MS = 10;
const WARMUP = 50;
const ITERATIONS = 200;
const MIN_MONTHS = 300;

/** The level payment that clears a loan in `months`, rounded up to the cent. */
function levelPayment(balanceCents: number, annualRatePercent: number, months: number): number {
  const r = annualRatePercent / 1200;
  if (r === 0) return Math.ceil(balanceCents / months);
  return Math.ceil((balanceCents * r) / (1 - (1 + r) ** -months));
}

function loan(id: string, dollars: number, annualRatePercent: number, years: number): PlanDebt {
  const balanceCents = dollars * 100;
  const minimumPaymentCents = levelPayment(balanceCents, annualRatePercent, years * 12);
  return { id, balanceCents, annualRatePercent, minimumPaymentCents };
}

/**
 * A household carrying long loans: mortgages and student loans dominate the minimums, so the
 * minimums freed by the few short debts barely speed the 30-year ones up.
 */
const debts: PlanDebt[] = [
  loan('home-mortgage', 640_000, 6.875, 30),
  loan('rental-mortgage', 410_000, 7.25, 30),
  loan('second-rental', 355_000, 7.125, 30),
  loan('land-loan', 180_000, 8.5, 30),
  loan('heloc', 95_000, 9.25, 30),
  loan('parent-plus', 82_000, 8.05, 30),
  loan('grad-unsubsidized', 74_000, 7.05, 30),
  loan('grad-plus', 61_000, 8.05, 30),
  loan('private-student-1', 48_000, 6.49, 30),
  loan('private-student-2', 39_500, 5.99, 30),
  loan('undergrad-subsidized', 27_000, 5.5, 30),
  loan('undergrad-unsubsidized', 23_000, 5.5, 30),
  loan('solar-loan', 34_000, 4.99, 30),
  loan('rv-loan', 58_000, 8.99, 25),
  loan('boat-loan', 42_000, 9.49, 25),
  loan('consolidation', 26_000, 11.75, 25),
  loan('auto-1', 21_000, 7.9, 6),
  loan('auto-2', 14_000, 6.4, 5),
  loan('store-card', 1_800, 26.99, 4),
  loan('credit-card', 6_500, 22.49, 6),
];
const EXTRA_CENTS = 2_500;

function percentile(sortedMs: number[], p: number): number {
  return sortedMs[Math.min(sortedMs.length - 1, Math.floor(sortedMs.length * p))] ?? Number.NaN;
}

function time(run: () => unknown): { median: number; p95: number } {
  for (let i = 0; i < WARMUP; i++) run();
  const samples: number[] = [];
  for (let i = 0; i < ITERATIONS; i++) {
    const start = performance.now();
    run();
    samples.push(performance.now() - start);
  }
  samples.sort((a, b) => a - b);
  return { median: percentile(samples, 0.5), p95: percentile(samples, 0.95) };
}

const ms = (value: number) => `${value.toFixed(3)} ms`;
let failed = false;

console.log(`payoffPlan: ${debts.length} debts, $${EXTRA_CENTS / 100} extra a month, ${ITERATIONS} runs each`);
console.log(`target: well under ${TARGET_MS} ms per plan (median)`);
const runs: Array<{ label: string; input: PayoffPlanInput }> = [
  ...(['avalanche', 'snowball'] as const).map((strategy) => ({
    label: strategy,
    input: { debts, strategy, extraMonthlyCents: EXTRA_CENTS },
  })),
  {
    label: 'custom',
    input: {
      debts,
      strategy: 'custom',
      customOrder: ['credit-card', 'heloc', 'home-mortgage'],
      extraMonthlyCents: EXTRA_CENTS,
    },
  },
  // Every debt on its own minimum: the plan the others are compared with, the full 30 years.
  { label: 'baseline', input: { debts, strategy: 'avalanche', rollover: false } },
];
for (const { label, input } of runs) {
  const plan = payoffPlan(input);
  if (!plan.debtFree || plan.months < MIN_MONTHS) {
    console.error(`${label}: the scenario must run ${MIN_MONTHS}+ months debt-free, ran ${plan.months}`);
    failed = true;
  }
  const { median, p95 } = time(() => payoffPlan(input));
  if (!(median < TARGET_MS)) failed = true;
  console.log(
    `  ${label.padEnd(9)} ${String(plan.months).padStart(3)} months (${(plan.months / 12).toFixed(1)} years)` +
      `  median ${ms(median)}  p95 ${ms(p95)}`,
  );
}

const mortgage = {
  balanceCents: 64_000_000,
  annualRatePercent: 6.875,
  paymentCents: levelPayment(64_000_000, 6.875, 360),
};
const schedule = amortizationSchedule(mortgage);
if (!schedule.paidOff || schedule.rows.length < MIN_MONTHS) {
  console.error(`amortizationSchedule: expected a 30-year schedule, got ${schedule.rows.length} months`);
  failed = true;
}
const amortization = time(() => amortizationSchedule(mortgage));
if (!(amortization.median < TARGET_MS)) failed = true;
console.log(
  `amortizationSchedule: $640,000 at 6.875 %, ${schedule.rows.length} months` +
    `  median ${ms(amortization.median)}  p95 ${ms(amortization.p95)}`,
);

if (failed) {
  console.error('FAILED: a median is over target or the scenario is too short');
  process.exit(1);
}

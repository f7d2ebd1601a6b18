import { describe, expect, it } from 'vitest';
import { moneyChanged, onMoneyChanged, settleMoneyChanged } from './money-changed.ts';

describe('moneyChanged', () => {
  it('runs each listener once for a burst of one user, and a failing listener reaches neither the caller nor the others', async () => {
    const seen: string[] = [];
    const errors: unknown[] = [];
    const off1 = onMoneyChanged(async (u) => {
      seen.push(u);
    });
    const off2 = onMoneyChanged(
      async () => {
        throw new Error('boom');
      },
      (err) => errors.push(err),
    );
    moneyChanged('a');
    moneyChanged('a');
    moneyChanged('b');
    moneyChanged('a');
    await settleMoneyChanged();
    expect(seen.sort()).toEqual(['a', 'b']);
    expect(errors).toHaveLength(2);
    off1();
    off2();
    moneyChanged('a');
    await settleMoneyChanged();
    expect(seen).toHaveLength(2);
  });
});

import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SettledAnnouncement } from './settled-announcement.tsx';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('SettledAnnouncement', () => {
  it('reads out a count only once it stops changing, not at every keystroke', () => {
    const { rerender } = render(<SettledAnnouncement message="343 terms" />);
    const status = screen.getByRole('status');
    expect(status).toHaveTextContent('343 terms');
    // Typing "amo": three counts in quick succession.
    for (const count of ['120 terms', '31 terms', '4 terms']) {
      rerender(<SettledAnnouncement message={count} />);
      act(() => vi.advanceTimersByTime(200));
      expect(status).toHaveTextContent('343 terms');
    }
    act(() => vi.advanceTimersByTime(700));
    expect(status).toHaveTextContent('4 terms');
  });
});

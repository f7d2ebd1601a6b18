import { describe, expect, it } from 'vitest';
import { nextPath } from './next-path.ts';

const of = (query: string) => nextPath(new URLSearchParams(query));

describe('nextPath', () => {
  it('follows a path of this site', () => {
    expect(of('next=%2Floan-payments')).toBe('/loan-payments');
    expect(of('next=/dashboard/my-loans?tab=1')).toBe('/dashboard/my-loans?tab=1');
  });

  it('goes to the dashboard without one, or when it points at another site', () => {
    expect(of('')).toBe('/dashboard/home');
    expect(of('next=https://evil.example')).toBe('/dashboard/home');
    expect(of('next=//evil.example/x')).toBe('/dashboard/home');
    expect(of('next=/\\evil.example')).toBe('/dashboard/home');
  });
});

import { describe, expect, it } from 'vitest';
import { loginFor, nextPath } from './next-path.ts';

const of = (query: string) => nextPath(new URLSearchParams(query));

describe('nextPath', () => {
  it('follows a path of this site', () => {
    expect(of('next=%2Floan-payments')).toBe('/loan-payments');
    expect(of('next=/dashboard/my-loans?tab=1')).toBe('/dashboard/my-loans?tab=1');
    expect(of(`next=${encodeURIComponent('/dashboard/my-wallet?month=2026-11#top')}`)).toBe(
      '/dashboard/my-wallet?month=2026-11#top',
    );
  });

  it('goes to the dashboard without one, or when it points at another site', () => {
    expect(of('')).toBe('/dashboard/home');
    expect(of('next=')).toBe('/dashboard/home');
    expect(of('next=https://evil.example')).toBe('/dashboard/home');
    expect(of('next=//evil.example/x')).toBe('/dashboard/home');
    expect(of('next=/\\evil.example')).toBe('/dashboard/home');
    expect(of('next=/dashboard\\..\\evil')).toBe('/dashboard/home');
    expect(of('next=%2F%09%2Fevil.example')).toBe('/dashboard/home');
    expect(of('next=javascript:alert(1)')).toBe('/dashboard/home');
    expect(of('next=dashboard/home')).toBe('/dashboard/home');
  });
});

describe('loginFor', () => {
  it('keeps the page asked for, query and all, for after signing in', () => {
    expect(loginFor('/dashboard/my-wallet')).toBe('/login?next=%2Fdashboard%2Fmy-wallet');
    const back = new URLSearchParams(loginFor('/dashboard/my-budget?month=2026-11').split('?')[1]);
    expect(nextPath(back)).toBe('/dashboard/my-budget?month=2026-11');
  });

  it('asks for nothing when there is no page worth returning to', () => {
    expect(loginFor('/')).toBe('/login');
    expect(loginFor('//evil.example')).toBe('/login');
  });
});

import type { DebtIconKind } from './debt-types.ts';

// Simple line icons, drawn on a 24-unit grid, coloured by the text colour of their container.
const PATHS: Record<DebtIconKind, string> = {
  auto: 'M5 16h14M6 16l1.5-5h9L18 16M4 16v3h3v-3M17 16v3h3v-3M7 13.5h.01M17 13.5h.01',
  mortgage: 'M3 11l9-7 9 7M5 10v10h14V10M10 20v-6h4v6',
  student: 'M2 9l10-5 10 5-10 5-10-5zM6 11v5c0 1.5 3 3 6 3s6-1.5 6-3v-5M22 9v6',
  card: 'M3 6h18v12H3zM3 10h18M7 15h4',
  business: 'M4 8h16v11H4zM9 8V5h6v3M4 13h16',
  medical: 'M12 21s-8-4.5-8-11a4.5 4.5 0 0 1 8-2.8A4.5 4.5 0 0 1 20 10c0 6.5-8 11-8 11zM12 10v5M9.5 12.5h5',
  'credit-line': 'M4 19V5M4 19h16M8 15l4-4 3 3 5-6',
};

export function DebtIcon({ kind, size = 28 }: { kind: DebtIconKind; size?: number }) {
  return (
    <svg
      viewBox="0 0 24 24"
      width={size}
      height={size}
      aria-hidden="true"
      focusable="false"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.75"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d={PATHS[kind]} />
    </svg>
  );
}

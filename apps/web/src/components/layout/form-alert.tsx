import type { ReactNode } from 'react';
import { Notice } from './notice.tsx';

/** The form-level error (what no single field owns), announced when it appears. */
export function FormAlert({ children }: { children: ReactNode }) {
  if (!children) return null;
  return (
    <Notice tone="error" role="alert">
      {children}
    </Notice>
  );
}

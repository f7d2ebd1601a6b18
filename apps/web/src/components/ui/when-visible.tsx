import { type ReactNode, Suspense, useEffect, useRef, useState } from 'react';

/**
 * Renders `children` (typically a React.lazy component) only once its place comes near the
 * viewport; until then, and while the code loads, an empty box with `className` holds the space so
 * nothing moves. For heavy pictures below the fold, such as charts: their code is not part of the
 * page's first download.
 */
export function WhenVisible({ className, children }: { className: string | undefined; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(false);
  useEffect(() => {
    const box = ref.current;
    if (!box || near) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) setNear(true);
      },
      { rootMargin: '200px' },
    );
    observer.observe(box);
    return () => observer.disconnect();
  }, [near]);
  const placeholder = <div ref={ref} className={className} aria-hidden="true" />;
  return near ? <Suspense fallback={placeholder}>{children}</Suspense> : placeholder;
}

import { type Ref, useEffect, useRef } from 'react';
import { Checkbox } from '../../../components/ui/checkbox.tsx';

/** "Select all shown": checked when every shown row is chosen, mixed when some are. */
export function SelectAllShown({
  ref,
  chosen,
  all,
  onToggle,
}: {
  ref: Ref<HTMLInputElement>;
  chosen: number;
  all: boolean;
  onToggle: () => void;
}) {
  const own = useRef<HTMLInputElement | null>(null);
  useEffect(() => {
    if (own.current) own.current.indeterminate = chosen > 0 && !all;
  }, [chosen, all]);
  return (
    <Checkbox
      ref={(node) => {
        own.current = node;
        if (typeof ref === 'function') ref(node);
        else if (ref) ref.current = node;
      }}
      label="Select all shown"
      checked={all}
      onChange={onToggle}
    />
  );
}

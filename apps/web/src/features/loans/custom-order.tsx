import { Button } from '../../components/ui/button.tsx';
import styles from './custom-order.module.css';

/** Moves the item at `index` by `step` places (−1 up, +1 down), keeping the rest in order. */
export function moveItem<T>(items: readonly T[], index: number, step: -1 | 1): T[] {
  const to = index + step;
  if (index < 0 || index >= items.length || to < 0 || to >= items.length) return [...items];
  const next = [...items];
  const [item] = next.splice(index, 1) as [T];
  next.splice(to, 0, item);
  return next;
}

/**
 * "Your order": the loans in the order they are paid off, each movable up or down. The plan
 * follows at once; saving stores the order as the order of the user's list.
 */
export function CustomOrder({
  names,
  order,
  onChange,
  onSave,
  saving,
  changed,
}: {
  /** Display name by id. */
  names: ReadonlyMap<string, string>;
  order: readonly string[];
  onChange: (order: string[]) => void;
  onSave: () => void;
  saving: boolean;
  changed: boolean;
}) {
  return (
    <div className={styles.customOrder}>
      <h3 id="custom-order-title" className={styles.title}>
        Your order
      </h3>
      <ol aria-labelledby="custom-order-title" className={styles.list}>
        {order.map((id, i) => {
          const name = names.get(id) ?? 'Loan';
          return (
            <li key={id}>
              <span>{name}</span>
              <span className={styles.buttons}>
                <Button
                  size="sm"
                  variant="ghost"
                  aria-label={`Move ${name} up`}
                  disabled={i === 0}
                  onClick={() => onChange(moveItem(order, i, -1))}
                >
                  ↑
                </Button>
                <Button
                  size="sm"
                  variant="ghost"
                  aria-label={`Move ${name} down`}
                  disabled={i === order.length - 1}
                  onClick={() => onChange(moveItem(order, i, 1))}
                >
                  ↓
                </Button>
              </span>
            </li>
          );
        })}
      </ol>
      {changed && (
        <Button variant="secondary" size="sm" onClick={onSave} loading={saving}>
          Save this order
        </Button>
      )}
    </div>
  );
}

import { useEffect, useState } from 'react';

/**
 * A live region that reads `message` out once it has stopped changing for `delay` ms. A figure that
 * changes with every keystroke (a search's count of matches) would otherwise be read out on each
 * one, over what the person is typing. Show the figure elsewhere as plain text; this only speaks.
 */
export function SettledAnnouncement({ message, delay = 700 }: { message: string; delay?: number }) {
  // Starts with the first message: what is there on arrival is not news, and is not read out.
  const [settled, setSettled] = useState(message);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(message), delay);
    return () => clearTimeout(timer);
  }, [message, delay]);
  return (
    <p role="status" className="visually-hidden">
      {settled}
    </p>
  );
}

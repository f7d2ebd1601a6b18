import { useEffect, useState } from 'react';

type Status = 'checking' | 'ready' | 'unavailable';

/**
 * Until the screens of the web issue land, the app says honestly what it is: the API is running
 * and documented, and the sign-in screens are next.
 */
export function App() {
  const [status, setStatus] = useState<Status>('checking');
  useEffect(() => {
    fetch('/api/health/ready')
      .then((res) => setStatus(res.ok ? 'ready' : 'unavailable'))
      .catch(() => setStatus('unavailable'));
  }, []);

  return (
    <main className="placeholder">
      <h1>Helo</h1>
      <p>Your budget, loans, savings and investments in one place.</p>
      <p role="status">
        {status === 'checking' && 'Checking the server…'}
        {status === 'ready' && 'The server is running. The sign-in screens are being built.'}
        {status === 'unavailable' && 'The server is not reachable right now.'}
      </p>
      <p>
        <a href="/api/docs">Read the API documentation</a>
      </p>
    </main>
  );
}

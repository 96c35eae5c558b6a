import { useEffect, useState } from 'react';

/** The current time, moving on every `intervalMs`, so "in 5 minutes" does not stand still. */
export function useNow(intervalMs = 60_000) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}

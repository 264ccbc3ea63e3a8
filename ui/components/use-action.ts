/** Runs a core call that returns a Result: busy while it runs, its failure message kept to show. */
import { useCallback, useState } from 'react';
import type { Result } from '../../protocol/result';

export function useAction(): { busy: boolean; error: string | null; run: <T>(call: () => Promise<Result<T>>) => Promise<T | null> } {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = useCallback(async <T,>(call: () => Promise<Result<T>>): Promise<T | null> => {
    setBusy(true);
    setError(null);
    const result = await call();
    setBusy(false);
    if (result.ok) return result.value;
    setError(result.error.message || 'That did not work.');
    return null;
  }, []);
  return { busy, error, run };
}

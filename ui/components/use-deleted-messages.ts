/** Which messages the core knows were deleted (its tombstones), for views that hold a reply to a thread that may be gone. */
import { useEffect, useState } from 'react';
import { usePlaza } from '../client/core-context';

const NONE: ReadonlySet<string> = new Set();

/**
 * Which of `guids` (space-separated; '' asks nothing) were deleted, by the core's answer to `$deletedMessages`.
 * Asked again when `guids` or `again` changes; until the next answer the last one holds: a deletion is for good.
 */
export function useDeletedMessages(guids: string, again = ''): ReadonlySet<string> {
  const { core } = usePlaza();
  const [deleted, setDeleted] = useState<ReadonlySet<string>>(NONE);
  useEffect(() => {
    if (guids === '') return;
    let current = true;
    void core.$deletedMessages(guids.split(' ')).then((answer) => {
      if (current) setDeleted(new Set(answer));
    });
    return () => {
      current = false;
    };
  }, [core, guids, again]);
  return deleted;
}

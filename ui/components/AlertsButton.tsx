/** The header's alerts button: how many are waiting, and the panel it opens. */
import { useSignals } from '@preact/signals-react/runtime';
import { usePlaza } from '../client/core-context';

export function AlertsButton({ open, onToggle }: { open: boolean; onToggle: () => void }) {
  useSignals();
  const { store } = usePlaza();
  const count = store.activeAlertCount.value;
  return (
    <button type="button" className="alerts-button" aria-expanded={open} aria-label={count ? `Alerts, ${count} new` : 'Alerts'} onClick={onToggle}>
      Alerts{count > 0 && <span className="badge" aria-hidden="true">{count > 99 ? '99+' : count}</span>}
    </button>
  );
}

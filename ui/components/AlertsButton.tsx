/** The header's alerts button: how many are waiting, and the panel it opens. */
import { useSignals } from '@preact/signals-react/runtime';
import { usePlaza } from '../client/core-context';

export function AlertsButton({ open, onToggle }: { open: boolean; onToggle: () => void }) {
  useSignals();
  const { store } = usePlaza();
  const count = store.activeAlertCount.value;
  return (
    <button type="button" className="alerts-button" aria-expanded={open} aria-label={count ? `Alerts, ${count} new` : 'Alerts'} onClick={onToggle}>
      {/* The space keeps the visible text "Alerts 2", which its name "Alerts, 2 new" contains (label in name, WCAG 2.5.3); "Alerts2" it did not. */}
      Alerts{count > 0 && ' '}
      {count > 0 && (
        <span className="badge" aria-hidden="true">
          {count > 99 ? '99+' : count}
        </span>
      )}
    </button>
  );
}

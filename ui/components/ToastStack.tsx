/** Toasts: at most 4, newest on top (the worker decides which and for how long). */
import { useSignals } from '@preact/signals-react/runtime';
import { usePlaza } from '../client/core-context';
import { conversationPath } from '../client/router';

export function ToastStack({ onOpenAlerts }: { onOpenAlerts: () => void }) {
  useSignals();
  const { store, core, router } = usePlaza();
  const toasts = store.toasts.value;
  return (
    <section className="toasts" aria-label="Notifications">
      {toasts.map((t) => (
        <div key={t.id} className={`toast toast-${t.kind}`} role={t.kind === 'error' ? 'alert' : 'status'}>
          <strong className="toast-title">{t.title}</strong>
          {t.body && <p className="toast-body">{t.body}</p>}
          <div className="toast-actions">
            {t.address && (
              <button
                type="button"
                onClick={() => {
                  router.navigate(conversationPath(t.address!));
                  void core.$closeToast(t.id);
                }}
              >
                Open
              </button>
            )}
            {t.alertGuid && (
              <button type="button" onClick={onOpenAlerts}>
                View
              </button>
            )}
            <button type="button" aria-label={`Close notification: ${t.title}`} onClick={() => void core.$closeToast(t.id)}>
              ×
            </button>
          </div>
        </div>
      ))}
    </section>
  );
}

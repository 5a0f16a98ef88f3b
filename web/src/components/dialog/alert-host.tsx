import { useSyncExternalStore } from 'react';
import { WarningIcon } from '../icons/line-icons';
import { acknowledgeAlert, getAlerts, subscribeAlerts } from './alert-store';
import { Modal } from './modal';

/** Shows the first waiting alert as a modal with one OK button. */
export function AlertHost() {
  const alerts = useSyncExternalStore(subscribeAlerts, getAlerts, getAlerts);
  const current = alerts[0];
  if (!current) return null;
  const close = () => acknowledgeAlert(current.id);
  return (
    <Modal
      key={current.id}
      open
      role="alertdialog"
      onClose={close}
      icon={<WarningIcon />}
      title={current.title}
      description={current.message}
      footer={
        <button type="button" className="button button--primary modal__action" onClick={close} data-autofocus>
          OK
        </button>
      }
    />
  );
}

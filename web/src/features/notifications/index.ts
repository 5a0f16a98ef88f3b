export { NotificationBell } from './notification-bell';
export { DigestSwitch } from './digest-switch';
export { markRunNotificationRead } from './mark-run-read';

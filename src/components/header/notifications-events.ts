/** Window event after the inbox changed (read, all read): the header badge refreshes its count. */
export const NOTIFICATIONS_CHANGED = 'notifications:changed';
export const notifyNotificationsChanged = () => window.dispatchEvent(new Event(NOTIFICATIONS_CHANGED));

-- Notification preferences (issue 16): the kinds of notification a user turned off. notify()
-- skips a muted kind (lumen:forms/notification-prefs lists the kinds a user may turn off).
ALTER TABLE users ADD COLUMN notify_muted text[] NOT NULL DEFAULT '{}';

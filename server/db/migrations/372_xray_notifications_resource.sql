-- A resource's notifications, read when a violation kept gains the notify action (its rule was
-- changed): one already written for that violation is not written again.
CREATE INDEX xray_notifications_resource ON xray_notifications(resource);

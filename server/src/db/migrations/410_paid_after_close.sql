-- A provider payment that succeeds after its order closed (expired or cancelled) grants nothing but
-- keeps the money: the order records it for a refund instead of the callback being silently ignored.
ALTER TABLE orders ADD COLUMN refund_status text CHECK (refund_status IN ('pending', 'refunded'));
ALTER TABLE orders ADD COLUMN refund_cents int;
ALTER TABLE orders ADD COLUMN late_pay_method text;
CREATE INDEX orders_refund_pending ON orders(id) WHERE refund_status = 'pending';

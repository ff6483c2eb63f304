-- Each paid order is invoiced at most once: an active link per order (a cancelled request releases it).
CREATE TABLE invoice_orders (
  invoice_id   bigint NOT NULL REFERENCES invoices(id),
  order_id     bigint NOT NULL REFERENCES orders(id),
  amount_cents int NOT NULL,
  active       boolean NOT NULL DEFAULT true,
  PRIMARY KEY (invoice_id, order_id)
);
CREATE UNIQUE INDEX invoice_orders_once ON invoice_orders(order_id) WHERE active;

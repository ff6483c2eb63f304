-- Demand posting (/community/demands): a buyer posts what material is needed, for which licence
-- scenario, by when. bounty: the reward is escrowed from the wallet when posting; bid: creators
-- quote and the picked quote is escrowed when picking. The picked creator delivers a work of their
-- catalogue; the buyer's acceptance releases the escrow to the creator and grants the buyer a
-- licence (a paid order line, so it is an ordinary licence). Disputes freeze the money for staff.
-- Every money movement is a wallet transaction referenced here; each happens under a status
-- guard, so it happens once.
CREATE TABLE community_demands (
  id                    bigserial PRIMARY KEY,
  buyer_id              bigint NOT NULL REFERENCES users(id),
  title                 text NOT NULL,
  description           text NOT NULL,
  material_type         smallint NOT NULL CHECK (material_type IN (1, 2, 11)),
  scenario              text NOT NULL,
  level                 text NOT NULL,
  mode                  text NOT NULL CHECK (mode IN ('bounty', 'bid')),
  budget_cents          bigint NOT NULL CHECK (budget_cents > 0),
  deadline              date NOT NULL,
  status                text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'in_progress', 'delivered', 'completed', 'disputed', 'cancelled', 'refunded')),
  -- The client's id of the posting request: a resent form posts (and escrows) once.
  request_key           text,
  picked_response_id    bigint,
  price_cents           bigint CHECK (price_cents > 0),       -- the escrowed amount
  escrow_tx_id          bigint REFERENCES wallet_transactions(id),
  release_tx_id         bigint REFERENCES wallet_transactions(id),
  refund_tx_id          bigint REFERENCES wallet_transactions(id),
  delivered_material_id bigint REFERENCES materials(id),
  delivery_note         text,
  delivered_at          timestamptz,
  order_id              bigint REFERENCES orders(id),
  dispute_reason        text,
  disputed_by           bigint REFERENCES users(id),
  resolution            text,
  completed_at          timestamptz,
  created_at            timestamptz NOT NULL DEFAULT now(),
  UNIQUE (buyer_id, request_key)
);
CREATE INDEX community_demands_open ON community_demands(created_at DESC) WHERE status = 'open';
CREATE INDEX community_demands_buyer ON community_demands(buyer_id, id DESC);
CREATE INDEX community_demands_disputed ON community_demands(id) WHERE status = 'disputed';

-- One response per creator and demand.
CREATE TABLE community_responses (
  id          bigserial PRIMARY KEY,
  demand_id   bigint NOT NULL REFERENCES community_demands(id),
  creator_id  bigint NOT NULL REFERENCES users(id),
  kind        text NOT NULL CHECK (kind IN ('work', 'proposal')),
  material_id bigint REFERENCES materials(id),
  message     text NOT NULL,
  price_cents bigint CHECK (price_cents > 0),
  status      text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'picked', 'withdrawn')),
  created_at  timestamptz NOT NULL DEFAULT now(),
  UNIQUE (demand_id, creator_id),
  CHECK (kind = 'proposal' OR material_id IS NOT NULL)
);
CREATE INDEX community_responses_creator ON community_responses(creator_id, id DESC);
ALTER TABLE community_demands ADD CONSTRAINT community_demands_picked FOREIGN KEY (picked_response_id) REFERENCES community_responses(id);

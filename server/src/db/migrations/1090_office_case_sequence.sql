-- Office cases as a state machine both sides share (src/schemas/cyprotect/office-cases.ts): every
-- decision callback carries the case's state and its sequence number; the product applies them in
-- that order (office_seq: the last one applied) and asks the office for the status of a case whose
-- callbacks were lost or came out of order. The sandbox offices keep each case's signed decisions
-- (their status query's answer) and the callbacks their page held back.
ALTER TABLE registrations ADD COLUMN office_seq integer NOT NULL DEFAULT 0;
ALTER TABLE notarizations ADD COLUMN office_seq integer NOT NULL DEFAULT 0;

ALTER TABLE sandbox_office_cases ADD COLUMN seq integer NOT NULL DEFAULT 0;
ALTER TABLE sandbox_office_cases ADD COLUMN decisions jsonb NOT NULL DEFAULT '[]'::jsonb;
ALTER TABLE sandbox_office_cases ADD COLUMN held jsonb NOT NULL DEFAULT '[]'::jsonb;
-- States were the last decision's name; now the machine's states.
UPDATE sandbox_office_cases SET state = CASE state
  WHEN 'accept' THEN 'accepted' WHEN 'correct' THEN 'correction' WHEN 'reject' THEN 'rejected'
  WHEN 'issue' THEN 'issued' WHEN 'request_info' THEN 'info_requested' WHEN 'refuse' THEN 'refused'
  ELSE state END;
-- A notary case the applicant supplemented was 'resubmitted'; the notary's machine returns it to accepted.
UPDATE sandbox_office_cases SET state = 'accepted' WHERE office = 'notary' AND state = 'resubmitted';

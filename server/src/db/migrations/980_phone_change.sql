-- Changing the bound phone in /account/security: the code goes to the new phone under its own purpose
-- (numbered after 965, which last redefined the purpose check).
ALTER TABLE sms_codes DROP CONSTRAINT sms_codes_purpose_check;
ALTER TABLE sms_codes ADD CONSTRAINT sms_codes_purpose_check CHECK (purpose IN ('login', 'bind', 'sign', 'phone'));

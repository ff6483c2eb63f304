-- Public lookups by file fingerprint (/tool, /copyrightVerify/file): a visitor hashes a file in the
-- browser and asks which deposits hold that SHA-256.
CREATE INDEX evidence_deposits_sha256 ON evidence_deposits(sha256);

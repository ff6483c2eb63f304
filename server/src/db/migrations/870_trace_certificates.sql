-- Trace certificates (溯源证书, /cyprotect/mytrace): a PDF snapshot of one work's chain of title and
-- spread, issued to the work's owner for one unit of a paid "trace" service order. The PDF's
-- SHA-256 is appended to the evidence log (type 'trace-cert', leaf certNo = cert_no), so anyone
-- holding the PDF can check it at /copyright/trace/cert. Drawing the PDF takes seconds (CJK font
-- subsetting), so it runs on the job queue (task trace.certificate) with progress. SQL in server/src/repositories/trace.ts.
CREATE TABLE trace_certificates (
  id            bigserial PRIMARY KEY,
  user_id       bigint NOT NULL REFERENCES users(id),
  material_id   bigint NOT NULL REFERENCES materials(id),
  cert_no       text NOT NULL UNIQUE,
  sha256        text NOT NULL CHECK (sha256 ~ '^[0-9a-f]{64}$'),
  file_key      text NOT NULL,
  -- The timeline as printed (lumen:api/trace-timeline events): what the public check shows.
  events        jsonb NOT NULL,
  ledger_height bigint NOT NULL,
  -- The job that drew it (a job runs at least once: a rerun finds its certificate here).
  job_id        bigint UNIQUE,
  created_at    timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX trace_certificates_owner ON trace_certificates(user_id, material_id, created_at DESC);

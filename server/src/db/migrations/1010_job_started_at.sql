-- When the current (or last) attempt of a job started: finished_at minus this is how long it ran,
-- which /metrics reports per task. Older rows have none and are left out of those figures.
ALTER TABLE jobs ADD COLUMN started_at timestamptz;
-- /metrics reads the jobs finished in the last minutes: without this it would scan every finished job.
CREATE INDEX jobs_finished_at ON jobs(finished_at) WHERE finished_at IS NOT NULL;

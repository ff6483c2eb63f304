-- Wrong SMS codes per phone per China calendar day, across all its codes and purposes (issue 10).
-- The signing secret of send requests ships in the client bundle, so the real defence against
-- guessing is this cap (20 a day) next to the 5 tries per code. The row is also the lock that makes
-- the checks of one phone take their turn, so parallel guesses cannot all pass before one counts.
CREATE TABLE sms_verify_failures (
  phone     text NOT NULL,
  day       date NOT NULL,
  failures  int NOT NULL DEFAULT 0,
  PRIMARY KEY (phone, day)
);

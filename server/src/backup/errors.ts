/**
 * A backup or restore that cannot go on: the message tells the operator why and what to do, in
 * Chinese (it is printed by the commands and shown as a failed job's error at /admin/jobs).
 */
export class BackupError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'BackupError';
  }
}

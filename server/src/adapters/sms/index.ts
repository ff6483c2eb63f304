import type { Queryable } from '../../db/index.js';

/**
 * SMS gateway seam. A real provider (Aliyun SMS, Tencent Cloud SMS...) implements send() with its
 * template id and signature name; the server never logs the content (it carries a one-time code).
 */
export interface SmsGateway {
  readonly name: string;
  send(phone: string, content: string): Promise<void>;
}

/** Sandbox gateway: "delivers" by recording the message so a person can read it on /dev/sms. */
export class SandboxSmsGateway implements SmsGateway {
  readonly name = 'sandbox';
  constructor(private db: Queryable) {}

  async send(phone: string, content: string): Promise<void> {
    await this.db.query('INSERT INTO sms_sandbox_outbox(phone, content) VALUES ($1, $2)', [phone, content]);
    // Keep the outbox small: a day of messages is plenty for a developer to read a code.
    await this.db.query("DELETE FROM sms_sandbox_outbox WHERE created_at < now() - interval '1 day'");
  }

  /** Most recent messages first (the /dev/sms page). */
  async recent(limit = 50): Promise<Array<{ phone: string; content: string; created_at: Date }>> {
    const r = await this.db.query<{ phone: string; content: string; created_at: Date }>(
      'SELECT phone, content, created_at FROM sms_sandbox_outbox ORDER BY id DESC LIMIT $1',
      [limit],
    );
    return r.rows;
  }
}

/** The gateway in use. Only the sandbox exists until a provider contract is signed. */
export function smsGateway(db: Queryable): SandboxSmsGateway {
  return new SandboxSmsGateway(db);
}

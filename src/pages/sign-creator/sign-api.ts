import { postJson } from '../../dataProvider/axios';

/** POST /api/user/creator/sign: accepts the agreement version shown and adds the creator role (idempotent). */
export const signCreator = (form: { agree: boolean; agreementVersion: string }) =>
  postJson<{ agreementVersion: string; signedAt: string; roles: string[] }>('/api/user/creator/sign', form);

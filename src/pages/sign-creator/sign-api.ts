import { postJson } from '../../dataProvider/axios';
import type { CreatorSigned } from '../../schemas/api/account-responses';

/** POST /api/user/creator/sign: accepts the agreement version shown and adds the creator role (idempotent). */
export const signCreator = (form: { agree: boolean; agreementVersion: string }) =>
  postJson<CreatorSigned>('/api/user/creator/sign', form);

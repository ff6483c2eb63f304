import { get } from '../../dataProvider/axios';

import type { InviteInfo } from '../../schemas/api/account-responses';

export type { InviteInfo };

/** The signed-in user's invite links and earnings (/api/user/invite). */
export const fetchInvite = () => get<InviteInfo>('/api/user/invite');

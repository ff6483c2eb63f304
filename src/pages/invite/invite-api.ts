import { get } from '../../dataProvider/axios';

export interface InviteInfo {
  inviteId: string;
  link: string;
  companyLink: string;
  invited: number;
  rewarded: number;
  rewardCents: number;
}

/** The signed-in user's invite links and earnings (/api/user/invite). */
export const fetchInvite = () => get<InviteInfo>('/api/user/invite');

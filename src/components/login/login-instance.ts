import { MSG_LOGIN_CLOSED, MSG_LOGIN_OPEN } from './constants';
import { singleInstance } from './single-instance';

/** The one login dialog: 'Login is already open' for a second request, rejects when closed. */
export const loginInstance = singleInstance(MSG_LOGIN_OPEN, MSG_LOGIN_CLOSED);

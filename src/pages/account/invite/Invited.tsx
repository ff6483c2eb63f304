import { invitedUsers } from '../../../resources';
import { resourcePage } from '../../../resources/views/ResourcePage';

/** /account/invited — users who registered through the user's links, and their state. */
export default resourcePage(invitedUsers);

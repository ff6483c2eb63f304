import { imagePackages } from '../../../resources';
import { resourcePage } from '../../../resources/views/ResourcePage';

/** /account/imageConsume — paid image download packages and how much of each was used. */
export default resourcePage(imagePackages);

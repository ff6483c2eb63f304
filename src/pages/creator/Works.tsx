import { works } from '../../resources';
import { resourcePage } from '../../resources/views/ResourcePage';

/** /creator/works — the creator's works, generated from the works definition. */
export default resourcePage(works);

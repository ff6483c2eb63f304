import { sandboxWebRoutes } from './monitor.js';

/** /dev/web: the monitoring sandbox web, browsable (server/src/services/monitor/sandbox-web.ts). */
export default sandboxWebRoutes;

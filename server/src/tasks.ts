/**
 * Every task of the product, imported for their defineTask side effect. The app server and
 * `npm run worker` import this file, so both know every task. One line per feature.
 */
import './seed/catalogue/media-task.js';
import './services/media/tasks.js';
import './services/uploads/sweep.js';
import './services/trace-certificates.js';
import './services/monitor/fingerprint-works.js';
import './services/monitor/scan.js';
import './services/monitor/demo.js';
import './services/capture/run-capture.js';
import './services/capture/screen-finish.js';
import './services/webhooks/deliver.js';
import './services/office-reconcile.js';
import './backup/schedule.js';

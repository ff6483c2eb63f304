/**
 * A vitest reporter that prints, after a run, the files that took longest: their tests and hooks
 * (beforeAll included, which the JSON report's per-test durations leave out) and their import time.
 * scripts/test-all.mjs adds it to every pass, so a run says where its time went.
 */
export default class SlowestFilesReporter {
  onInit(vitest) {
    this.root = vitest.config.root;
  }

  onTestRunEnd(modules) {
    const rows = modules
      .map((m) => ({ file: m.moduleId.replace(`${this.root}/`, ''), d: m.diagnostic() }))
      .map(({ file, d }) => ({
        file,
        total: d.duration + d.collectDuration + d.setupDuration + d.environmentSetupDuration,
        run: d.duration,
        collect: d.collectDuration,
      }))
      .sort((a, b) => b.total - a.total);
    const sum = rows.reduce((s, r) => s + r.total, 0);
    const s = (ms) => `${(ms / 1000).toFixed(1)} s`.padStart(8);
    console.log(
      `\nSlowest files (of ${rows.length}, ${(sum / 1000).toFixed(0)} s in all): total = tests and hooks + import`,
    );
    for (const r of rows.slice(0, 12)) console.log(`${s(r.total)} ${s(r.run)} ${s(r.collect)}  ${r.file}`);
  }
}

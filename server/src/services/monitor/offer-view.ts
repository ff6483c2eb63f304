import type { Db } from '../../db/index.js';
import { AppError } from '../../http/envelope.js';
import * as hits from '../../repositories/monitor-hits.js';
import { currentUseCases } from '../checkout.js';
import { levelOf } from '../../../../src/schemas/licence/use-cases.js';
import { reconcileHit } from './triage.js';

/**
 * The retroactive-licence offer as its recipient (the operator of the site where the work was
 * found) sees it at /licence-offer/<token>: the work, the use found, the licence offered with
 * today's price, and whether it has been licensed. The owner's triage history stays private.
 */
export async function offerView(db: Db, token: string, viewerId: number | null) {
  const h = await hits.hitByOfferToken(db, token);
  if (!h) throw new AppError(404, '授权报价不存在或已失效');
  // A licence bought since the last visit shows here at once, not when the owner next opens the list.
  const status = h.status === 'offered' && (await reconcileHit(db, h.id)) ? 'licensed' : h.status;
  const table = await currentUseCases(db);
  const uc = h.scenario ? table.find(h.scenario) : undefined;
  const viewerLicenceId = viewerId && status === 'licensed' ? await hits.hitLicenceOf(db, h.id, viewerId) : null;
  return {
    workId: h.workId,
    title: h.title,
    workType: h.workType,
    cover: h.cover,
    ownerName: h.ownerName,
    forSale: h.forSale,
    scenario: h.scenario,
    scenarioName: uc?.name ?? null,
    scenarioDescription: uc?.description ?? null,
    levelName: uc ? table.levels[levelOf(uc)].name : null,
    priceCents: uc && h.forSale ? table.priceOf(h.basePriceCents, uc) : null,
    pageUrl: h.pageUrl,
    host: h.host,
    mediaKind: h.mediaKind,
    thumb: h.thumb,
    timeRange: h.timeRange as Record<string, unknown> | null,
    firstSeenAt: h.firstSeenAt,
    status,
    viewerLicenceId,
  };
}

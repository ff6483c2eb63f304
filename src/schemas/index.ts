/**
 * The static schema registry: every JSON file under src/schemas, imported explicitly so the same
 * module works in Vite (client) and under tsx (server). Keep it a plain list, one import and one
 * entry per file, inside its domain's section, so branch merges never touch the same lines.
 *
 * Shapes (documented here once):
 * - enums/* and status/*: `{ $id, title, description, type, oneOf: [{ const, title, 'x-spec', 'x-color'? }] }`
 *   — `const` is the code, `title` the Chinese label RJSF shows, `x-spec` the spec's term, `x-color`
 *   the antd Tag colour of a status. Read them with enumOptions / statusLabel / statusColor.
 * - rules/*: `{ $id, title, description, 'x-rules': { name: UploadRule }, 'x-work-categories': { code: name } }`
 *   (structure: lumen:meta/rule-set, each rule: lumen:meta/upload-rule). Fields refer to a rule with
 *   `"x-file-rule": "lumen:rules/deposit#image"` or an inline UploadRule object.
 * - forms/*: a JSON Schema object with its RJSF uiSchema in `x-ui`; use formOf(id) to get both with
 *   lumen: $refs inlined (RJSF cannot follow external refs). `x-edit: { omit, readOnly }` names what an
 *   edit may not change; edit-variant.ts derives the edit form (client) and update validation (server).
 */
import type { LumenSchema } from './types';
import { installBundled } from './registry';

// meta
import metaFileMeta from './meta/file-meta.json';
import metaRuleSet from './meta/rule-set.json';
import metaUploadRule from './meta/upload-rule.json';
// enums
import enumsAcquisitionType from './enums/acquisition-type.json';
import enumsCertificateType from './enums/certificate-type.json';
import enumsCopyrightServiceType from './enums/copyright-service-type.json';
import enumsDepositFileType from './enums/deposit-file-type.json';
import enumsInvoiceType from './enums/invoice-type.json';
import enumsMaterialType from './enums/material-type.json';
import enumsMedia from './enums/media.json';
import enumsNature from './enums/nature.json';
import enumsNonOrganisationCertificate from './enums/non-organisation-certificate.json';
import enumsOrganisationCertificate from './enums/organisation-certificate.json';
import enumsOwnerType from './enums/owner-type.json';
import enumsOwnershipType from './enums/ownership-type.json';
import enumsOwnershipTypeGuoban from './enums/ownership-type-guoban.json';
import enumsPersonalCertificate from './enums/personal-certificate.json';
import enumsProductType from './enums/product-type.json';
import enumsRegistrationService from './enums/registration-service.json';
import enumsRight from './enums/right.json';
import enumsSearchSort from './enums/search-sort.json';
import enumsSearchType from './enums/search-type.json';
import enumsTaxRate from './enums/tax-rate.json';
import enumsVerificationMethod from './enums/verification-method.json';
import enumsVideoDuration from './enums/video-duration.json';
import enumsWorkCategory from './enums/work-category.json';
import enumsWorkNameCode from './enums/work-name-code.json';
// status
import statusCoupon from './status/coupon.json';
import statusEvidenceDeposit from './status/evidence-deposit.json';
import statusUploaderChunk from './status/uploader-chunk.json';
import statusUploaderFile from './status/uploader-file.json';
import statusWork from './status/work.json';
// rules
import rulesCertification from './rules/certification.json';
import rulesDci from './rules/dci.json';
import rulesDeposit from './rules/deposit.json';
import rulesRegistration from './rules/registration.json';
// forms
import formsCertificationCompany from './forms/certification-company.json';
import formsCertificationPersonal from './forms/certification-personal.json';
// login: forms/login.json
import formsLogin from './forms/login.json';
// resources: forms for deposit, registration, DCI, work, invoice, withdrawal
import formsDeposit from './forms/deposit.json';
import formsRegistration from './forms/registration.json';
import formsDciRegistration from './forms/dci-registration.json';
import formsWork from './forms/work.json';
import formsInvoice from './forms/invoice.json';
import formsWithdrawal from './forms/withdrawal.json';
import statusRegistration from './status/registration.json';
import statusInvoice from './status/invoice.json';
import statusWithdrawal from './status/withdrawal.json';
// trade: licence/use-cases.json
import licenceUseCases from './licence/use-cases.json';
import licencePayMethod from './licence/pay-method.json';
import statusOrder from './status/order.json';
import statusRefund from './status/refund.json';
import statusRefundSettlement from './status/refund-settlement.json';
import enumsRefundReason from './enums/refund-reason.json';
import formsOrder from './forms/order.json';
// jobs: status/job.json
import statusJob from './status/job.json';
// webhooks: event types, delivery states, the endpoint form (src/schemas/webhooks)
import webhooksEventTypes from './webhooks/event-types.json';
import webhooksDeliveryStatus from './webhooks/delivery-status.json';
import webhooksEndpointForm from './webhooks/endpoint-form.json';
// review: work review, revisions, creator sign-up
import reviewReasons from './review/reasons.json';
import statusWorkRevision from './status/work-revision.json';
import enumsWorkEvent from './enums/work-event.json';
import formsReviewReject from './forms/review-reject.json';
import formsReviewInfo from './forms/review-info.json';
import formsWorkAppeal from './forms/work-appeal.json';
import formsCreatorSign from './forms/creator-sign.json';
// creator uploads: material upload rules and the chunked-upload API shapes
import rulesMaterial from './rules/material.json';
import apiUploadInit from './api/upload-init.json';
import apiUploadChunk from './api/upload-chunk.json';
import apiUpload from './api/upload.json';
// earnings: revenue share, earning states, withdrawal review, order refunds
import earningsRevenueShare from './earnings/revenue-share.json';
import statusEarning from './status/earning.json';
import enumsWithdrawalEvent from './enums/withdrawal-event.json';
import formsWithdrawalReject from './forms/withdrawal-reject.json';
import formsOrderRefund from './forms/order-refund.json';
// content: CMS entries, event registration, cooperation enquiries
import contentCmsEntry from './forms/cms-entry.json';
import contentEventRegistration from './forms/event-registration.json';
import contentCooperation from './forms/cooperation.json';
import cyprotectDrafts from './cyprotect/drafts.json';
import cyprotectCollectivePlan from './cyprotect/collective-plan.json';
import cyprotectMonitor from './cyprotect/monitor.json';
import statusMonitorHit from './status/monitor-hit.json';
import formsCollectiveJoin from './forms/collective-join.json';
import formsCollectiveRevenue from './forms/collective-revenue.json';
import formsCopyrightListing from './forms/copyright-listing.json';
import formsCopyrightOffer from './forms/copyright-offer.json';
import statusCopyrightListing from './status/copyright-listing.json';
import statusCopyrightDeal from './status/copyright-deal.json';
// account centre: real-name certification review
import statusCertification from './status/certification.json';
import formsCertificationApprove from './forms/certification-approve.json';
import formsCertificationReject from './forms/certification-reject.json';
import enumsAuditAction from './enums/audit-action.json';
import formsWalletTopup from './forms/wallet-topup.json';
import enumsWalletKind from './enums/wallet-kind.json';
import formsPasswordChange from './forms/password-change.json';
import formsPhoneChange from './forms/phone-change.json';
import formsSubAccount from './forms/sub-account.json';
import formsProfile from './forms/profile.json';
import rulesProfile from './rules/profile.json';
// account centre: invoice issuing, gift cards, invitations, image packages
import formsInvoiceRefuse from './forms/invoice-refuse.json';
import formsImageDownload from './forms/image-download.json';
import statusImagePackage from './status/image-package.json';
import enumsGiftCardAmount from './enums/gift-card-amount.json';
import formsGiftCardBuy from './forms/gift-card-buy.json';
import formsGiftCardRedeem from './forms/gift-card-redeem.json';
import formsGiftCardBatch from './forms/gift-card-batch.json';
import statusGiftCard from './status/gift-card.json';
import rulesInvite from './earnings/invite.json';
import statusInvitee from './status/invitee.json';
import formsNotificationPrefs from './forms/notification-prefs.json';
// copyright services: copyright-service catalogue and service-order states
import servicesCopyrightServices from './services/copyright-services.json';
import statusServiceOrder from './status/service-order.json';
import formsServiceOrder from './forms/service-order.json';
import formsServiceRefundUnused from './forms/service-refund-unused.json';
import statusNotarization from './status/notarization.json';
import formsNotarization from './forms/notarization.json';
import formsNotarizationSupplement from './forms/notarization-supplement.json';
// evidence capture: web-page and screen-recording evidence
import statusWebCapture from './status/web-capture.json';
import formsWebCapture from './forms/web-capture.json';

// community: showcase posts, moderation, demand posting
import rulesCommunity from './rules/community.json';
import formsCommunityPost from './forms/community-post.json';
import formsCommunityComment from './forms/community-comment.json';
import formsCommunityReport from './forms/community-report.json';
import formsCommunityHide from './forms/community-hide.json';
import formsCommunityDemand from './forms/community-demand.json';
import formsCommunityResponse from './forms/community-response.json';
import formsCommunityDelivery from './forms/community-delivery.json';
import formsCommunityDispute from './forms/community-dispute.json';
import statusCommunityDemand from './status/community-demand.json';
// content credentials on upload (issue #34 part 2): AI label, provenance of the uploaded original
import enumsAiGenerated from './enums/ai-generated.json';
import enumsAiSource from './enums/ai-source.json';
import enumsC2paAction from './enums/c2pa-action.json';
import enumsDigitalSourceType from './enums/digital-source-type.json';
import statusProvenanceValidation from './status/provenance-validation.json';

/** Every bundled schema, in a plain list. */
export const schemaList: LumenSchema[] = [
  metaFileMeta,
  metaRuleSet,
  metaUploadRule,
  enumsAcquisitionType,
  enumsCertificateType,
  enumsCopyrightServiceType,
  enumsDepositFileType,
  enumsInvoiceType,
  enumsMaterialType,
  enumsMedia,
  enumsNature,
  enumsNonOrganisationCertificate,
  enumsOrganisationCertificate,
  enumsOwnerType,
  enumsOwnershipType,
  enumsOwnershipTypeGuoban,
  enumsPersonalCertificate,
  enumsProductType,
  enumsRegistrationService,
  enumsRight,
  enumsSearchSort,
  enumsSearchType,
  enumsTaxRate,
  enumsVerificationMethod,
  enumsVideoDuration,
  enumsWorkCategory,
  enumsWorkNameCode,
  statusCoupon,
  statusEvidenceDeposit,
  statusUploaderChunk,
  statusUploaderFile,
  statusWork,
  rulesCertification,
  rulesDci,
  rulesDeposit,
  rulesRegistration,
  formsCertificationCompany,
  formsCertificationPersonal,
  // login entries
  formsLogin,
  // resources entries
  formsDeposit,
  formsRegistration,
  formsDciRegistration,
  formsWork,
  formsInvoice,
  formsWithdrawal,
  statusRegistration,
  statusInvoice,
  statusWithdrawal,
  // trade entries
  licenceUseCases,
  licencePayMethod,
  statusOrder,
  statusRefund,
  statusRefundSettlement,
  enumsRefundReason,
  formsOrder,
  // jobs entries
  statusJob,
  // webhooks entries
  webhooksEventTypes,
  webhooksDeliveryStatus,
  webhooksEndpointForm,
  // review entries
  reviewReasons,
  statusWorkRevision,
  enumsWorkEvent,
  formsReviewReject,
  formsReviewInfo,
  formsWorkAppeal,
  formsCreatorSign,
  // creator upload entries
  rulesMaterial,
  apiUploadInit,
  apiUploadChunk,
  apiUpload,
  // earnings entries
  earningsRevenueShare,
  statusEarning,
  enumsWithdrawalEvent,
  formsWithdrawalReject,
  formsOrderRefund,
  // content entries
  contentCmsEntry,
  contentEventRegistration,
  contentCooperation,
  cyprotectDrafts,
  cyprotectCollectivePlan,
  cyprotectMonitor,
  statusMonitorHit,
  formsCollectiveJoin,
  formsCollectiveRevenue,
  formsCopyrightListing,
  formsCopyrightOffer,
  statusCopyrightListing,
  statusCopyrightDeal,
  // account centre entries
  statusCertification,
  formsCertificationApprove,
  formsCertificationReject,
  enumsAuditAction,
  formsWalletTopup,
  enumsWalletKind,
  formsPasswordChange,
  formsPhoneChange,
  formsSubAccount,
  formsProfile,
  rulesProfile,
  formsInvoiceRefuse,
  formsImageDownload,
  statusImagePackage,
  enumsGiftCardAmount,
  formsGiftCardBuy,
  formsGiftCardRedeem,
  formsGiftCardBatch,
  statusGiftCard,
  rulesInvite,
  statusInvitee,
  formsNotificationPrefs,
  // copyright services entries
  servicesCopyrightServices,
  statusServiceOrder,
  formsServiceOrder,
  formsServiceRefundUnused,
  statusNotarization,
  formsNotarization,
  formsNotarizationSupplement,
  // community entries
  rulesCommunity,
  formsCommunityPost,
  formsCommunityComment,
  formsCommunityReport,
  formsCommunityHide,
  formsCommunityDemand,
  formsCommunityResponse,
  formsCommunityDelivery,
  formsCommunityDispute,
  statusCommunityDemand,
  statusWebCapture,
  formsWebCapture,
  enumsAiGenerated,
  enumsAiSource,
  enumsC2paAction,
  enumsDigitalSourceType,
  statusProvenanceValidation,
];

/** Bundled schemas by $id. */
export const schemas: Record<string, LumenSchema> = Object.fromEntries(schemaList.map((s) => [s.$id, s]));
installBundled(schemas);

export * from './types';
export * from './registry';
export * from './file-rules';
export * from './video-duration';

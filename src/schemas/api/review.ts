/**
 * Shapes of the work-review API (/api/user/works/:id/review and /api/admin/review), written once:
 * the server's repositories and views build them, the client reads them, so neither side imports
 * the other. (TypeScript types for now; a JSON Schema per shape can replace them later.)
 */
import type { AiSource, Provenance } from '../provenance';

export interface ReviewReason {
  code: string;
  title: string;
}

/** One entry of a work's timeline (work_events). */
export interface TimelineEvent {
  id: number;
  /** Set when the event is about a revision: from/to are then lumen:status/work-revision codes. */
  revisionId: number | null;
  actorRole: 'creator' | 'staff' | 'system';
  /** Hidden (null) for staff on the creator's side. */
  actorName: string | null;
  action: string;
  from: number | null;
  to: number | null;
  reasons: ReviewReason[];
  comment: string;
  at: string;
}

/** A field a revision changes, in lumen:forms/work terms (price in yuan). */
export interface ContentChange {
  field: 'title' | 'description' | 'tags' | 'price';
  before: unknown;
  after: unknown;
}

export interface RevisionView {
  id: number;
  status: number;
  appeal: boolean;
  submittedAt: string;
  fields: { title: string; description: string; tags: string[]; price: number };
  diff: ContentChange[];
  appealText?: string | null;
}

/** The decision the creator has to act on. */
export interface ReviewNotice {
  scope: 'work' | 'revision';
  action: string;
  reasons: ReviewReason[];
  comment: string;
  at: string;
}

/** GET /api/user/works/:id/review */
export interface CreatorReview {
  revision: RevisionView | null;
  notice: ReviewNotice | null;
  events: TimelineEvent[];
}

/** A pending work (kind 'work') or revision in the staff queue. */
export interface QueueItem {
  kind: 'work' | 'revision';
  material_id: number;
  revision_id: number | null;
  type: number;
  title: string;
  owner_id: number | null;
  owner_name: string | null;
  submitted_at: string;
  appeal: boolean;
  cover_path: string | null;
}

export interface QueueFilter {
  /** 'work' = new or resubmitted works, 'revision' = changes to works on sale. */
  kind?: 'work' | 'revision';
  /** Material type (1 video, 2 template, 11 image). */
  type?: number;
  /** Only appeals. */
  appeal?: boolean;
  page: number;
  pageSize: number;
}

/** A near-duplicate of the work under review (material_duplicates), as staff see it. */
export interface DuplicateHit {
  material_id: number;
  title: string;
  status: number;
  type: number;
  coverUrl: string | null;
  owner_name: string | null;
  distance: number;
  kind: string;
  created_at: string;
}

export interface StaffWork {
  id: number;
  type: number;
  title: string;
  description: string;
  tags: string[];
  status: number;
  price: number;
  coverUrl: string | null;
  previewUrl: string | null;
  durationSec: number | null;
  width: number | null;
  height: number | null;
  format: string | null;
  sizeBytes: number | null;
  createdAt: string;
  submittedAt: string;
  appeal: boolean;
  appealText: string | null;
  owner: { id: number | null; nickname: string | null };
  /** Content digest: a decision on the work names the content staff looked at. */
  digest: string;
  /** The 「AI生成」 label, its basis, the creator's declaration and the original's Content Credentials. */
  aiGenerated: boolean;
  aiSource: AiSource | null;
  aiDeclared: boolean | null;
  /** The manifest says AI generated, the creator declared it is not. */
  aiConflict: boolean;
  provenance: Provenance | null;
}

/**
 * The media pipeline's state for the work under review (none: never processed, e.g. seeded works).
 * A new work can be approved only when it is ready or none: before that there is no preview to
 * look at and no duplicate check.
 */
export interface ReviewMediaState {
  state: 'none' | 'processing' | 'ready' | 'failed';
  progress: number;
  message: string | null;
  error: string | null;
}

/** GET /api/admin/review/works/:id */
export interface StaffReview {
  work: StaffWork;
  media: ReviewMediaState;
  revision: RevisionView | null;
  duplicates: DuplicateHit[];
  events: TimelineEvent[];
}

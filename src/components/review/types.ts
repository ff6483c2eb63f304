/** Shapes of the review answers (server/src/services/review-view.ts), as the client reads them. */

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

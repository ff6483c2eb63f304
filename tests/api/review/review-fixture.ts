import { makeTestApp, makeUser } from '../../helpers/app.js';
import { searchVector } from '../../../server/src/search/vector.js';

type User = Awaited<ReturnType<typeof makeUser>>;

/** An app with a creator, a second creator, a buyer and two staff, plus helpers for the review APIs. */
export async function reviewFixture() {
  const t = await makeTestApp();
  const creator = await makeUser(t.db, { roles: ['buyer', 'creator'] });
  const other = await makeUser(t.db, { roles: ['buyer', 'creator'] });
  const buyer = await makeUser(t.db);
  const staff = await makeUser(t.db, { roles: ['buyer', 'staff'] });
  const staff2 = await makeUser(t.db, { roles: ['staff'] });

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, who: User | null = creator, payload?: object) =>
    t.app.inject({ method, url, headers: who ? who.auth : {}, payload });

  /** A work as the seed or the upload pipeline would store it (search tokens included). */
  async function insertWork(
    title: string,
    status: number,
    opts: { owner?: User; tags?: string[]; type?: number; priceCents?: number } = {},
  ) {
    const tags = opts.tags ?? [];
    const r = await t.db.query<{ id: number }>(
      `INSERT INTO materials(type, title, description, tags, owner_id, status, price_cents, search_tokens) VALUES ($1, $2, '', $3, $4, $5, $6, $7::tsvector) RETURNING id`,
      [
        opts.type ?? 11,
        title,
        tags,
        (opts.owner ?? creator).id,
        status,
        opts.priceCents ?? 9900,
        searchVector({ title, tags, description: '' }),
      ],
    );
    return Number(r.rows[0].id);
  }

  const work = async (id: number, who: User = creator) => (await call('GET', `/api/user/works/${id}`, who)).json().data;
  const review = async (id: number) => (await call('GET', `/api/user/works/${id}/review`)).json().data;
  const staffView = async (id: number, revisionId?: number) =>
    (await call('GET', `/api/admin/review/works/${id}${revisionId ? `?revisionId=${revisionId}` : ''}`, staff)).json()
      .data;
  const searchIds = async (keyword: string) =>
    (await call('GET', `/api/index/search?${new URLSearchParams({ keyword })}`, buyer))
      .json()
      .data.list.map((m: any) => m.id);
  const queue = async (query = '') => (await call('GET', `/api/admin/review/queue${query}`, staff)).json().data;
  const events = async (id: number) => (await staffView(id)).events as Array<Record<string, any>>;

  /** Staff decision on the pending work (at the digest staff see now) or on a revision. */
  async function decide(
    id: number,
    action: 'approve' | 'reject' | 'request-info',
    body: Record<string, unknown> = {},
    who: User = staff,
  ) {
    const target = body.revisionId ? {} : { digest: (await staffView(id)).work.digest };
    return call('POST', `/api/admin/review/works/${id}/${action}`, who, { ...target, ...body });
  }

  return {
    t,
    creator,
    other,
    buyer,
    staff,
    staff2,
    call,
    insertWork,
    work,
    review,
    staffView,
    searchIds,
    queue,
    events,
    decide,
  };
}

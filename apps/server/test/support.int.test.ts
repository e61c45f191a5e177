// Support tickets through HTTP against a real database, with mail read from a real SMTP server:
// opening a ticket (the bound email or authenticator rule, attachments typed by their bytes),
// the thread and its statuses, the operators' queue (filters, assign, answer, internal notes,
// close), the message and email on an answer, races between an answer and a close, who may
// call what (owner, another user, anonymous, operator), and uploads never attached: capped per
// user, removed by the support job after 24 hours.
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { LocalFileStore } from '../src/platform/files/file-store';
import { ERRORS, type AdminTicketDetail, type TicketDetail, type Tokens } from '@hashpool/shared';
import { auth, inject, registerByEmail, signatureHeaders, uniqueEmail } from './account-helpers';
import { SmtpInbox } from './smtp-inbox';
import { queryRows } from '../src/db/client';
import { supportTick } from '../src/modules/support/support.jobs';
import { body, startTestApp, type TestApp } from './test-app';

let t: TestApp;
let uploads: string;
const inbox = new SmtpInbox();
const ADMIN = uniqueEmail('operator');

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5f6a3a60000000049454e44ae426082', 'hex');
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
const EXE = Buffer.concat([Buffer.from('4d5a90000300000004000000ffff0000b800000000000000400000000000000000000000000000000000000000000000000000000000000000000000800000000e1fba0e00b409cd21b8014ccd21546869732070726f6772616d2063616e6e6f742062652072756e20696e20444f53206d6f64652e', 'hex'), Buffer.alloc(512)]);

beforeAll(async () => {
  uploads = mkdtempSync(path.join(tmpdir(), 'hashpool-tickets-'));
  t = await startTestApp({ env: { SMTP_URL: await inbox.start(), ALTCHA_COST: '1', ADMIN_EMAILS: ADMIN, ACCESS_TOKEN_TTL_SECONDS: '3600', UPLOAD_DIR: uploads } });
  admin = await registerByEmail(t.app, inbox, ADMIN);
});
afterAll(async () => {
  await t?.close();
  await inbox.stop();
  rmSync(uploads, { recursive: true, force: true });
});

interface User { email: string; tokens: Tokens }
let admin: User;
const codeOf = (key: keyof typeof ERRORS) => ERRORS[key].code;
const errorOf = (res: { body: string }) => body(res).code;

function upload(user: User | null, name: string, bytes: Buffer, remoteAddress?: string) {
  const boundary = '----hashpool-ticket-boundary';
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: image/png\r\n\r\n`),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return t.app.inject({
    method: 'POST',
    url: '/api/tickets/attachments',
    payload,
    ...(remoteAddress ? { remoteAddress } : {}),
    headers: { ...signatureHeaders(t.app, {}), ...(user ? auth(user.tokens) : {}), 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
}

const open = (user: User, payload: Record<string, unknown>) => inject(t.app, { method: 'POST', url: '/api/tickets', headers: auth(user.tokens), payload: { title: 'Workers offline', content: 'My S21 stopped sending shares at 10:00.', type: 'mining', ...payload } });
const asAdmin = () => auth(admin.tokens);

describe('opening a ticket', () => {
  it('opens a ticket with an image and a PDF; the owner reads it and its attachments', async () => {
    const user = await registerByEmail(t.app, inbox);
    const png = body<{ id: string; type: string }>(await upload(user, 'screen.png', PNG)).data;
    const pdf = body<{ id: string; type: string }>(await upload(user, 'invoice.pdf', PDF)).data;
    expect(png.type).toBe('image/png');
    expect(pdf.type).toBe('application/pdf');
    const res = await open(user, { attachment_ids: [png.id, pdf.id] });
    expect(res.statusCode, res.body).toBe(200);
    const ticket = body<TicketDetail>(res).data;
    expect(ticket).toMatchObject({ title: 'Workers offline', type: 'mining', status: 'open' });
    expect(ticket.messages).toHaveLength(1);
    expect(ticket.messages[0]!.attachments.map((a) => a.name).sort()).toEqual(['invoice.pdf', 'screen.png']);
    const file = await inject(t.app, { url: `/api/tickets/${ticket.id}/files/${png.id}`, headers: auth(user.tokens) });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(PNG)).toBe(true);
    expect(file.headers['content-disposition']).toContain('attachment');
    // An attachment is used once.
    expect(errorOf(await open(user, { attachment_ids: [png.id] }))).toBe(codeOf('ticket_attachment_invalid'));
    const list = body<{ list: Array<{ id: number }>; total: number }>(await inject(t.app, { url: '/api/tickets', headers: auth(user.tokens) })).data;
    expect(list.total).toBe(1);
  });

  it('refuses a renamed executable, another user\'s upload, and anonymous uploads', async () => {
    const user = await registerByEmail(t.app, inbox);
    const exe = await upload(user, 'photo.png', EXE);
    expect(exe.statusCode).toBe(415);
    expect(errorOf(exe)).toBe(codeOf('upload_type_refused'));
    const other = await registerByEmail(t.app, inbox);
    const theirs = body<{ id: string }>(await upload(other, 'x.png', PNG)).data;
    expect(errorOf(await open(user, { attachment_ids: [theirs.id] }))).toBe(codeOf('ticket_attachment_invalid'));
    expect((await upload(null, 'x.png', PNG)).statusCode).toBe(401);
    expect((await inject(t.app, { method: 'POST', url: '/api/tickets', payload: { title: 'a', content: 'b', type: 'general' } })).statusCode).toBe(401);
  });

  it('needs a bound email or authenticator first', async () => {
    const user = await registerByEmail(t.app, inbox);
    // A phone-only account (as registered by SMS): no email, no authenticator.
    const phone = String(13_800_000_000 + Math.floor(Math.random() * 99_999_999));
    await t.database.db.execute(sql`update users set phone_country = '86', phone = ${phone}, email = null, notify_email = null where email = ${user.email}`);
    const res = await open(user, {});
    expect(errorOf(res)).toBe(codeOf('ticket_needs_contact'));
    expect(body(res).msg).toBe('Ticket needs a bound email or authenticator first.');
    expect(body<{ total: number }>(await inject(t.app, { url: '/api/tickets', headers: auth(user.tokens) })).data.total).toBe(0);
    // With an authenticator bound (its sealed secret present), the same account may open one.
    await t.database.db.execute(sql`update users set totp_secret = 'sealed-secret' where phone_country = '86' and phone = ${phone}`);
    expect((await open(user, {})).statusCode).toBe(200);
  });

  it('checks the input: type, empty title, too many attachments, unknown fields', async () => {
    const user = await registerByEmail(t.app, inbox);
    expect((await open(user, { type: 'refund' })).statusCode).toBe(400);
    expect((await open(user, { title: '   ' })).statusCode).toBe(400);
    expect((await open(user, { attachment_ids: Array.from({ length: 6 }, () => '00000000-0000-4000-8000-000000000000') })).statusCode).toBe(400);
    expect((await open(user, { status: 'closed' })).statusCode).toBe(400);
    expect(body<{ total: number }>(await inject(t.app, { url: '/api/tickets', headers: auth(user.tokens) })).data.total).toBe(0);
  });
});

describe('the thread and the operators', () => {
  it('answers, notes, assigns and closes; the user gets a message and an email, never the notes', async () => {
    const user = await registerByEmail(t.app, inbox);
    const png = body<{ id: string }>(await upload(user, 'screen.png', PNG)).data;
    const ticket = body<TicketDetail>(await open(user, { type: 'payment', title: 'Missing payout', attachment_ids: [png.id] })).data;

    // The queue, filtered.
    const queue = body<{ list: Array<{ id: number; user_email: string; assigned_to_me: boolean }> }>(await inject(t.app, { url: '/api/admin/tickets?status=open&type=payment&assignee=none&page_size=100', headers: asAdmin() })).data;
    expect(queue.list.find((q) => q.id === ticket.id)).toMatchObject({ user_email: user.email, assigned_to_me: false });
    const mining = body<{ list: Array<{ id: number }> }>(await inject(t.app, { url: '/api/admin/tickets?type=mining&page_size=100', headers: asAdmin() })).data;
    expect(mining.list.some((q) => q.id === ticket.id)).toBe(false);

    const taken = await inject(t.app, { method: 'PUT', url: `/api/admin/tickets/${ticket.id}/assignee`, headers: asAdmin(), payload: { assign: 'me' } });
    expect(body<AdminTicketDetail>(taken).data.assigned_to_me).toBe(true);
    await inject(t.app, { method: 'POST', url: `/api/admin/tickets/${ticket.id}/notes`, headers: asAdmin(), payload: { content: 'Checked the ledger: payout is pending review.' } });
    // The operator reads the user's attachment.
    expect((await inject(t.app, { url: `/api/admin/tickets/${ticket.id}/files/${png.id}`, headers: asAdmin() })).statusCode).toBe(200);

    const since = inbox.mails.length;
    const answered = await inject(t.app, { method: 'POST', url: `/api/admin/tickets/${ticket.id}/answers`, headers: asAdmin(), payload: { content: 'Your payout is under review and will be sent today.' } });
    expect(answered.statusCode, answered.body).toBe(200);
    const adminView = body<AdminTicketDetail>(answered).data;
    expect(adminView.status).toBe('answered');
    expect(adminView.messages.map((m) => [m.author, m.internal])).toEqual([['user', false], ['operator', true], ['operator', false]]);
    const mail = await inbox.next(user.email, since);
    expect(mail.subject).toContain(`#${ticket.id}`);

    const mine = body<TicketDetail>(await inject(t.app, { url: `/api/tickets/${ticket.id}`, headers: auth(user.tokens) })).data;
    expect(mine.status).toBe('answered');
    expect(mine.messages.map((m) => m.author)).toEqual(['user', 'operator']);
    expect(JSON.stringify(mine)).not.toContain('ledger');
    const messages = body<{ list: Array<{ type: string; params: Record<string, unknown> }> }>(await inject(t.app, { url: '/api/messages', headers: auth(user.tokens) })).data;
    expect(messages.list[0]).toMatchObject({ type: 'ticket_answered', params: { ticket: ticket.id, title: 'Missing payout' } });

    // The user replies: back to open; the operator asks for something: waiting_user.
    const replied = await inject(t.app, { method: 'POST', url: `/api/tickets/${ticket.id}/replies`, headers: auth(user.tokens), payload: { content: 'Thanks, which address?' } });
    expect(body<TicketDetail>(replied).data.status).toBe('open');
    const asked = await inject(t.app, { method: 'POST', url: `/api/admin/tickets/${ticket.id}/answers`, headers: asAdmin(), payload: { content: 'Which address did you expect?', status: 'waiting_user' } });
    expect(body<AdminTicketDetail>(asked).data.status).toBe('waiting_user');

    // Closed is final for both sides; closing again changes nothing.
    expect(body<TicketDetail>(await inject(t.app, { method: 'POST', url: `/api/tickets/${ticket.id}/close`, headers: auth(user.tokens) })).data.status).toBe('closed');
    expect((await inject(t.app, { method: 'POST', url: `/api/tickets/${ticket.id}/close`, headers: auth(user.tokens) })).statusCode).toBe(200);
    expect(errorOf(await inject(t.app, { method: 'POST', url: `/api/tickets/${ticket.id}/replies`, headers: auth(user.tokens), payload: { content: 'one more' } }))).toBe(codeOf('ticket_closed'));
    expect(errorOf(await inject(t.app, { method: 'POST', url: `/api/admin/tickets/${ticket.id}/answers`, headers: asAdmin(), payload: { content: 'late' } }))).toBe(codeOf('ticket_closed'));

    // Every operator change is in the audit log.
    const audit = body<{ list: Array<{ action: string; target: string; admin: string | null; detail: Record<string, string> | null }>; people: Record<string, string> }>(await inject(t.app, { url: '/api/admin/audit-log?page_size=50', headers: asAdmin() })).data;
    const actions = audit.list.filter((a) => a.target === `ticket:${ticket.id}`).map((a) => a.action).sort();
    expect(actions).toEqual(['ticket_answer', 'ticket_answer', 'ticket_assign', 'ticket_note']);
    // The assignee is a user id in the details: the page names it, like the operator.
    const assigned = audit.list.find((a) => a.target === `ticket:${ticket.id}` && a.action === 'ticket_assign')!;
    expect(assigned.admin).toBe(ADMIN);
    expect(audit.people[assigned.detail!.to!]).toBe(ADMIN);
  });

  it('a close and an answer racing: one wins, the ticket ends closed or answered-then-closed, never both refused', async () => {
    const user = await registerByEmail(t.app, inbox);
    const ticket = body<TicketDetail>(await open(user, {})).data;
    const [closed, answered] = await Promise.all([
      inject(t.app, { method: 'POST', url: `/api/tickets/${ticket.id}/close`, headers: auth(user.tokens) }),
      inject(t.app, { method: 'POST', url: `/api/admin/tickets/${ticket.id}/answers`, headers: asAdmin(), payload: { content: 'Racing answer' } }),
    ]);
    expect(closed.statusCode).toBe(200);
    expect([200, 409]).toContain(answered.statusCode);
    const final = body<AdminTicketDetail>(await inject(t.app, { url: `/api/admin/tickets/${ticket.id}`, headers: asAdmin() })).data;
    expect(final.status).toBe('closed');
    expect(final.messages.filter((m) => m.author === 'operator')).toHaveLength(answered.statusCode === 200 ? 1 : 0);
  });

  it('another user, anonymous and non-operators see nothing of a ticket', async () => {
    const user = await registerByEmail(t.app, inbox);
    const other = await registerByEmail(t.app, inbox);
    const png = body<{ id: string }>(await upload(user, 'screen.png', PNG)).data;
    const ticket = body<TicketDetail>(await open(user, { attachment_ids: [png.id] })).data;
    for (const url of [`/api/tickets/${ticket.id}`, `/api/tickets/${ticket.id}/files/${png.id}`]) {
      expect((await inject(t.app, { url, headers: auth(other.tokens) })).statusCode, url).toBe(404);
      expect((await inject(t.app, { url })).statusCode, url).toBe(401);
    }
    expect(errorOf(await inject(t.app, { method: 'POST', url: `/api/tickets/${ticket.id}/replies`, headers: auth(other.tokens), payload: { content: 'hi' } }))).toBe(codeOf('ticket_not_found'));
    expect(errorOf(await inject(t.app, { method: 'POST', url: `/api/tickets/${ticket.id}/close`, headers: auth(other.tokens) }))).toBe(codeOf('ticket_not_found'));
    for (const [method, url] of [['GET', '/api/admin/tickets'], ['GET', `/api/admin/tickets/${ticket.id}`], ['POST', `/api/admin/tickets/${ticket.id}/close`]] as const) {
      expect((await inject(t.app, { method, url, headers: auth(user.tokens) })).statusCode, url).toBe(403);
    }
    expect((await inject(t.app, { url: `/api/admin/tickets/999999`, headers: asAdmin() })).statusCode).toBe(404);
  });
});

describe('a long thread', () => {
  it('takes 100 messages of the user; then the user opens a new ticket, and operators still answer', async () => {
    const user = await registerByEmail(t.app, inbox);
    const ticket = body<TicketDetail>(await open(user, {})).data;
    const reply = (content: string) => inject(t.app, { method: 'POST', url: `/api/tickets/${ticket.id}/replies`, headers: auth(user.tokens), payload: { content } });
    // 98 more of the user's messages than the one that opened it: one place left.
    await t.database.db.execute(sql`insert into support_ticket_messages (ticket_id, author_id, author, content, internal, created_at)
      select ticket_id, author_id, author, 'earlier', false, created_at from support_ticket_messages cross join generate_series(1, 98) where ticket_id = ${ticket.id}`);
    expect((await reply('the 100th')).statusCode).toBe(200);
    const full = await reply('the 101st');
    expect(full.statusCode, full.body).toBe(409);
    expect(errorOf(full)).toBe(codeOf('ticket_thread_full'));
    expect(body(full).msg).toBe('You have sent 100 messages on this ticket, the most one ticket takes: please open a new ticket to go on.');
    expect(body<TicketDetail>(await inject(t.app, { url: `/api/tickets/${ticket.id}`, headers: auth(user.tokens) })).data.messages).toHaveLength(100);
    expect((await inject(t.app, { method: 'POST', url: `/api/admin/tickets/${ticket.id}/answers`, headers: asAdmin(), payload: { content: 'Please open a new ticket for this.' } })).statusCode).toBe(200);
    expect((await open(user, {})).statusCode).toBe(200);
  });
});

describe('uploads never attached', () => {
  const stored = () => readdirSync(path.join(uploads, 'ticket-attachment')).length;
  const fileRow = async (id: string) =>
    (await queryRows<{ deleted: boolean; key: string }>(t.database.db, sql`select deleted_at is not null as deleted, storage_key as key from uploaded_files where id = ${id}`))[0]!;
  const backdate = (id: string, hours: number) => t.database.db.execute(sql`update uploaded_files set created_at = created_at - ${hours} * interval '1 hour' where id = ${id}`);

  it('refuses the 21st upload of a day on no message, before reading it, and keeps nothing', async () => {
    const user = await registerByEmail(t.app, inbox);
    const ids: string[] = [];
    // From its own address: the route's 20 a minute per IP is not what is tested here.
    for (let i = 0; i < 20; i++) {
      const res = await upload(user, `shot-${i}.png`, PNG, '198.51.100.20');
      expect(res.statusCode, res.body).toBe(200);
      ids.push(body<{ id: string }>(res).data.id);
    }
    const rows = async () => (await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from uploaded_files`))[0]!.n;
    const [rowsBefore, filesBefore] = [await rows(), stored()];
    const refused = await upload(user, 'one-more.png', PNG, '198.51.100.21');
    expect(refused.statusCode, refused.body).toBe(429);
    expect(errorOf(refused)).toBe(codeOf('ticket_uploads_exceeded'));
    expect(body(refused).msg).toBe('You have 20 unused attachments from the last 24 hours: send them with a ticket or reply, or try again later.');
    expect(body((await upload(user, 'one-more.png', PNG, '198.51.100.21'))).code).toBe(codeOf('ticket_uploads_exceeded'));
    expect(await rows()).toBe(rowsBefore);
    expect(stored()).toBe(filesBefore);
    // Another user is not held back by this one.
    expect((await upload(await registerByEmail(t.app, inbox), 'x.png', PNG, '198.51.100.21')).statusCode).toBe(200);
    // Attaching one frees a place; one made over a day ago no longer counts.
    expect((await open(user, { attachment_ids: [ids[0]] })).statusCode).toBe(200);
    expect((await upload(user, 'after-attach.png', PNG, '198.51.100.22')).statusCode).toBe(200);
    expect(errorOf(await upload(user, 'full-again.png', PNG, '198.51.100.22'))).toBe(codeOf('ticket_uploads_exceeded'));
    await backdate(ids[1]!, 25);
    expect((await upload(user, 'after-a-day.png', PNG, '198.51.100.22')).statusCode).toBe(200);
  });

  it('uploads sent at once take only the places left: the count is made again where the file is recorded', async () => {
    const user = await registerByEmail(t.app, inbox);
    for (let i = 0; i < 17; i++) expect((await upload(user, `early-${i}.png`, PNG, '198.51.100.23')).statusCode).toBe(200);
    const keptRows = async () => (await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from uploaded_files where deleted_at is null`))[0]!.n;
    const [rowsBefore, filesBefore] = [await keptRows(), stored()];
    const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => upload(user, `at-once-${i}.png`, PNG, `198.51.100.${40 + i}`)));
    expect(answers.filter((res) => res.statusCode === 200)).toHaveLength(3);
    for (const res of answers.filter((r) => r.statusCode !== 200)) expect(errorOf(res)).toBe(codeOf('ticket_uploads_exceeded'));
    expect(await keptRows()).toBe(rowsBefore + 3);
    // The refused ones' bytes were deleted again: only the three new files are in the store.
    expect(stored()).toBe(filesBefore + 3);
  });

  it('a user’s uploads of the last 30 days may not pass 100 MB in all, attached or not', async () => {
    const user = await registerByEmail(t.app, inbox);
    const first = body<{ id: string }>(await upload(user, 'first.png', PNG, '198.51.100.50')).data.id;
    expect((await open(user, { attachment_ids: [first] })).statusCode).toBe(200);
    // The attached file stands in for a month of large attachments: a byte short of 100 MB less a small PNG.
    await t.database.db.execute(sql`update uploaded_files set size = ${100 * 1024 * 1024 - PNG.length + 1} where id = ${first}`);
    const [filesBefore] = [stored()];
    const refused = await upload(user, 'over.png', PNG, '198.51.100.50');
    expect(refused.statusCode, refused.body).toBe(429);
    expect(errorOf(refused)).toBe(codeOf('ticket_upload_quota_exceeded'));
    expect(body(refused).msg).toBe('Your ticket attachments of the last 30 days add up to 100 MB, the most they may: send fewer or smaller files, or try again later.');
    expect(stored()).toBe(filesBefore);
    // Up to exactly the total is allowed.
    await t.database.db.execute(sql`update uploaded_files set size = size - 1 where id = ${first}`);
    expect((await upload(user, 'fits.png', PNG, '198.51.100.50')).statusCode).toBe(200);
    expect(errorOf(await upload(user, 'over.png', PNG, '198.51.100.50'))).toBe(codeOf('ticket_upload_quota_exceeded'));
    // Files over 30 days old no longer count.
    await backdate(first, 31 * 24);
    expect((await upload(user, 'next-month.png', PNG, '198.51.100.50')).statusCode).toBe(200);
  });

  it('the support job removes uploads on no message after 24 hours, never attached or recent ones', async () => {
    const user = await registerByEmail(t.app, inbox);
    const up = async (name: string) => body<{ id: string }>(await upload(user, name, PNG, '198.51.100.30')).data.id;
    const [old, attached, recent, late] = [await up('old.png'), await up('attached.png'), await up('recent.png'), await up('late.png')];
    const ticket = body<TicketDetail>(await open(user, { attachment_ids: [attached] })).data;
    await backdate(old, 25);
    await backdate(attached, 48);
    await backdate(recent, 12);
    // Past 23 hours an upload is no longer attached: the job may be removing it.
    await backdate(late, 23.5);
    expect(errorOf(await open(user, { attachment_ids: [late] }))).toBe(codeOf('ticket_attachment_invalid'));

    const oldKey = (await fileRow(old)).key;
    expect(existsSync(path.join(uploads, oldKey))).toBe(true);
    const pass = await supportTick({ db: t.database.db, tickets: t.app.modules.support.tickets });
    expect(pass?.removed).toBeGreaterThanOrEqual(1);
    // The old one: its record marked deleted, its bytes gone, no longer attachable.
    expect((await fileRow(old)).deleted).toBe(true);
    expect(existsSync(path.join(uploads, oldKey))).toBe(false);
    expect(errorOf(await open(user, { attachment_ids: [old] }))).toBe(codeOf('ticket_attachment_invalid'));
    // The attached one is kept and still read; the recent and the 23.5-hour one are kept.
    expect((await fileRow(attached)).deleted).toBe(false);
    const file = await inject(t.app, { url: `/api/tickets/${ticket.id}/files/${attached}`, headers: auth(user.tokens) });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(PNG)).toBe(true);
    for (const id of [recent, late]) {
      const row = await fileRow(id);
      expect(row.deleted).toBe(false);
      expect(existsSync(path.join(uploads, row.key))).toBe(true);
    }
    expect((await open(user, { attachment_ids: [recent] })).statusCode).toBe(200);
    // A second pass finds nothing more of these; the job is idempotent.
    await supportTick({ db: t.database.db, tickets: t.app.modules.support.tickets });
    expect((await fileRow(attached)).deleted).toBe(false);
    expect((await fileRow(late)).deleted).toBe(false);
  });

  it('an upload whose bytes the store failed to delete is tried again by the next pass', async () => {
    const user = await registerByEmail(t.app, inbox);
    const id = body<{ id: string }>(await upload(user, 'stuck.png', PNG, '198.51.100.31')).data.id;
    await backdate(id, 25);
    const key = (await fileRow(id)).key;
    const failing = vi.spyOn(LocalFileStore.prototype, 'delete').mockRejectedValueOnce(new Error('store unavailable'));
    try {
      await supportTick({ db: t.database.db, tickets: t.app.modules.support.tickets });
    } finally {
      failing.mockRestore();
    }
    // Not marked deleted over bytes still stored: the next pass removes both.
    expect((await fileRow(id)).deleted).toBe(false);
    expect(existsSync(path.join(uploads, key))).toBe(true);
    await supportTick({ db: t.database.db, tickets: t.app.modules.support.tickets });
    expect((await fileRow(id)).deleted).toBe(true);
    expect(existsSync(path.join(uploads, key))).toBe(false);
  });

  it('a ticket attachment whose stored bytes are gone answers 404, not 500', async () => {
    const user = await registerByEmail(t.app, inbox);
    const png = body<{ id: string }>(await upload(user, 'gone.png', PNG, '198.51.100.40')).data;
    const ticket = body<TicketDetail>(await open(user, { attachment_ids: [png.id] })).data;
    rmSync(path.join(uploads, (await fileRow(png.id)).key));
    for (const [url, headers] of [[`/api/tickets/${ticket.id}/files/${png.id}`, auth(user.tokens)], [`/api/admin/tickets/${ticket.id}/files/${png.id}`, asAdmin()]] as const) {
      const res = await inject(t.app, { url, headers });
      expect(res.statusCode, url).toBe(404);
      expect(errorOf(res)).toBe(codeOf('not_found'));
    }
  });
});

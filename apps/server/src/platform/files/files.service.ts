// Uploaded files for every module (docs/security.md item 42): the type is read from the bytes
// (file-type), never taken from the name or the client's header, and only the types a purpose
// allows are kept; the size is bounded while the upload is read; the stored name is random. A file
// is served only through a route of the module that owns its purpose, which decides who may read it
// (the owner, operators), always as an attachment with nosniff and a sandboxing policy, so nothing
// uploaded is ever run or rendered as a page of ours.
import { createHash, randomBytes } from 'node:crypto';
import type { SQL } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import type { Db, DbOrTx, Tx } from '../../db/client';
import { inTransaction } from '../../db/transaction';
import type { Clock } from '../clock';
import { AppError } from '../errors';
import type { FileStore } from './file-store';
import * as repo from './files.repository';

export type StoredFile = repo.FileRow;
/** A purpose's own check of an upload, made in the transaction that records it (throws to refuse). */
export type UploadAdmission = (tx: Tx, file: { size: number }) => Promise<void>;

/** Images and PDF: what payment certificates and ticket attachments may be. */
export const DOCUMENT_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif', 'application/pdf'] as const;
/** The largest file a purpose takes unless it says less. */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;

export interface UploadRule {
  /** Names the folder and the record's purpose: contract_certificate, ticket_attachment … */
  purpose: string;
  allowed: readonly string[];
  maxBytes?: number;
}

/** A file name fit for a download's name: no path, no control characters, at most 100 characters. */
export function cleanFileName(name: string | undefined): string {
  // eslint-disable-next-line no-control-regex -- control characters are what is removed
  const base = (name ?? '').split(/[\\/]/).pop()!.replace(/[\u0000-\u001f\u007f"]/g, '').trim();
  return (base || 'file').slice(0, 100);
}

/** The extensions each accepted type may keep; any other is replaced by the type's own. */
const EXTENSIONS: Record<string, readonly string[]> = { jpg: ['jpg', 'jpeg'], png: ['png'], pdf: ['pdf'], webp: ['webp'], gif: ['gif'] };

/**
 * The name a file is kept and served under: the user's (cleaned), with the extension the bytes
 * proved. A PNG sent as invoice.html is invoice.png, so that saved from the downloads folder it
 * opens as an image and never as a local web page (docs/security.md item 42).
 */
export function nameForType(name: string | undefined, ext: string): string {
  const clean = cleanFileName(name);
  const dot = clean.lastIndexOf('.');
  const stem = dot > 0 ? clean.slice(0, dot) : clean;
  const given = dot > 0 ? clean.slice(dot + 1).toLowerCase() : '';
  if ((EXTENSIONS[ext] ?? [ext]).includes(given)) return clean;
  return `${stem.slice(0, 100 - ext.length - 1)}.${ext}`;
}

/** Whether a store's read failed because the bytes are not there (local ENOENT, S3 NoSuchKey or 404). */
function isMissing(error: unknown): boolean {
  const e = error as { code?: unknown; name?: unknown; Code?: unknown; $metadata?: { httpStatusCode?: unknown } } | null;
  if (!e || typeof e !== 'object') return false;
  return e.code === 'ENOENT' || e.name === 'NoSuchKey' || e.Code === 'NoSuchKey' || e.name === 'NotFound' || e.$metadata?.httpStatusCode === 404;
}

export class FileService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly store: FileStore,
  ) {}

  /**
   * Reads the one file of a multipart request, at most the rule's size (the rest is not read), and
   * keeps it: upload_too_large, upload_type_refused or upload_missing otherwise. Answers its record.
   * `admit` (see keep) decides, in the transaction that records the file, whether it may be kept.
   */
  async receive(request: FastifyRequest, ownerUserId: string, rule: UploadRule, admit?: UploadAdmission): Promise<StoredFile> {
    const maxBytes = rule.maxBytes ?? MAX_UPLOAD_BYTES;
    let part;
    try {
      part = await request.file({ limits: { fileSize: maxBytes, files: 1, fields: 5, parts: 6 } });
    } catch {
      throw new AppError('upload_missing');
    }
    if (!part) throw new AppError('upload_missing');
    const tooLarge = () => new AppError('upload_too_large', { params: { max: `${Math.floor(maxBytes / 1024 / 1024)} MB` } });
    const bytes = await part.toBuffer().catch((error: { code?: string }) => {
      if (error.code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
      throw new AppError('upload_missing', { cause: error });
    });
    // The stream stops at the limit: whether it threw or only marked itself truncated, a file cut
    // there is never kept (a 60 MB file must not be stored as its first 5 MB).
    if (part.file.truncated) throw tooLarge();
    return this.keep(ownerUserId, rule, bytes, part.filename, admit);
  }

  /**
   * Checks and keeps bytes already read (the type from the bytes, the size). `admit` runs in the
   * transaction that inserts the record, before the insert: an owner's limit counted there, under
   * the owner's lock, holds for uploads sent at once (a count before the body is read cannot, since
   * the bodies of several uploads are read meanwhile). When it throws, the bytes are deleted again.
   */
  async keep(ownerUserId: string, rule: UploadRule, bytes: Uint8Array, name: string | undefined, admit?: UploadAdmission): Promise<StoredFile> {
    const maxBytes = rule.maxBytes ?? MAX_UPLOAD_BYTES;
    if (bytes.byteLength === 0) throw new AppError('upload_missing');
    if (bytes.byteLength > maxBytes) throw new AppError('upload_too_large', { params: { max: `${Math.floor(maxBytes / 1024 / 1024)} MB` } });
    const type = await fileTypeFromBuffer(bytes);
    if (!type || !rule.allowed.includes(type.mime)) throw new AppError('upload_type_refused');
    const storageKey = `${rule.purpose.replace(/_/g, '-')}/${randomBytes(24).toString('base64url')}`;
    await this.store.put(storageKey, bytes, type.mime);
    const record = {
      ownerUserId,
      purpose: rule.purpose,
      contentType: type.mime,
      size: bytes.byteLength,
      sha256: createHash('sha256').update(bytes).digest('hex'),
      storageKey,
      name: nameForType(name, type.ext),
      createdAt: this.clock.now(),
    };
    try {
      return await inTransaction(this.db, async (tx) => {
        await admit?.(tx, { size: record.size });
        return repo.insertFile(tx, record);
      });
    } catch (error) {
      // Bytes on no record would be kept for ever: nothing removes them (an unlikely failed delete
      // leaves them so, which is no worse than before the insert was refused).
      await this.store.delete(storageKey).catch(() => undefined);
      throw error;
    }
  }

  /** The record of a kept file of that purpose; not_found otherwise. Who may read it is the caller's rule. */
  async find(id: string, purpose: string): Promise<StoredFile> {
    const file = await repo.findFile(this.db, id);
    if (!file || file.purpose !== purpose) throw new AppError('not_found');
    return file;
  }

  /**
   * The ids of kept files of a purpose (an owner's, created since or before a time) as a subquery
   * with one column `id`, for the owning module to embed in its own statement: which of them are
   * in use is the module's to say (a ticket's unattached uploads), the SQL stays each owner's.
   */
  keptIdsQuery(q: { purpose: string; ownerUserId?: string; createdSince?: Date; createdBefore?: Date }): SQL {
    return repo.keptIdsQuery(q);
  }

  /** The bytes of an owner's kept files of a purpose made since a time (for the owning module's quota). */
  keptBytes(db: DbOrTx, q: { purpose: string; ownerUserId: string; createdSince: Date }): Promise<number> {
    return repo.keptBytes(db, q);
  }

  /**
   * Sends a file as an attachment that a browser will neither sniff nor run. A record whose bytes
   * are gone from the store (a restored backup, a bucket emptied by hand) is not_found, logged.
   */
  async send(reply: FastifyReply, file: StoredFile): Promise<FastifyReply> {
    let bytes: Uint8Array;
    try {
      bytes = await this.store.get(file.storageKey);
    } catch (error) {
      if (!isMissing(error)) throw error;
      reply.log.warn({ fileId: file.id, purpose: file.purpose, storageKey: file.storageKey }, 'uploaded file missing from the store');
      throw new AppError('not_found', { cause: error });
    }
    return reply
      .header('content-type', file.contentType)
      .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(file.name)}`)
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'private, no-store')
      .header('content-security-policy', "default-src 'none'; sandbox")
      .send(Buffer.from(bytes));
  }

  /**
   * Forgets a file (its bytes go; the record stays, marked deleted, for the history). The bytes
   * first: a store that fails leaves the record as it was, so the next pass tries again (deleting
   * twice is harmless), instead of a record marked deleted over bytes nobody removes.
   */
  async remove(file: StoredFile): Promise<void> {
    await this.store.delete(file.storageKey);
    await repo.markFileDeleted(this.db, file.id, this.clock.now());
  }
}

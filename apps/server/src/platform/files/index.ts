// Uploaded files: modules receive, keep, find, send and remove them through FileService.
export { DOCUMENT_TYPES, FileService, MAX_UPLOAD_BYTES, type StoredFile, type UploadAdmission, type UploadRule } from './files.service';
export { fileStoreFrom, LocalFileStore, S3FileStore, type FileStore } from './file-store';

// The operators' audit log: modules record their admin changes with AuditLog.record().
export { AuditLog, type AuditEntry } from './audit.service';

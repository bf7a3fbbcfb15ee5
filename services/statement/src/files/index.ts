/** Where uploaded statement files are kept (a local folder or S3) and the box their passwords are kept in at rest. */
export {
  type FileStore,
  type FileStoreConfig,
  type S3FileStoreConfig,
  LocalFileStore,
  S3FileStore,
  FileStoreUnavailableError,
  FileAlreadyStoredError,
  createFileStore,
  loadFileStoreConfig,
  statementFileKey,
  assertSafeKey,
  DEFAULT_FILES_DIR,
} from './file-store';
export { encryptSecret, decryptSecret, loadSecretKey, SecretDecryptionError, SECRET_KEY_BYTES, type SecretKeyConfig } from './secret-box';

// livephoto's error, shared by its modules (docs/guide/javascript.md).

/** Why an operation failed: the command line's words (`message`) and its exit status (`code`). */
export class LivePhotoError extends Error {
  constructor(message, code) {
    super(message);
    this.name = 'LivePhotoError';
    this.code = code;
  }
}

/** A bank file that can not be read: the message names the line, and the route answers it as a 400. */
export class BankFileError extends Error {
  readonly line: number | null;
  /** The message without its line, for a list of problems that shows the line apart. */
  readonly reason: string;
  constructor(message: string, line: number | null = null) {
    super(line === null ? message : `Line ${line}: ${message}`);
    this.line = line;
    this.reason = message;
  }
}

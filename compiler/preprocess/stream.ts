// The preprocessor's output as a stream the parser pulls from (compile's front end): the parser
// reads each token as it is produced, so tokens die young instead of living in one output array
// until parsing ends. `finish` runs the preprocessor to its end whatever the parser read, so that
// every preprocessor diagnostic and the complete list of files read exist afterwards.
import type { DiagnosticSink } from '../diagnostics.js';
import { makeToken, type Token } from '../lex/token.js';
import { NO_PLACE } from '../locations.js';
import type { TokenStream } from '../parse/token-stream.js';
import type { Preprocessor } from './preprocessor.js';

export class PreprocessedStream implements TokenStream {
  private ended = false;
  /** How many of the sink's diagnostics have been looked at for errors. */
  private checked = 0;

  constructor(
    private readonly pp: Preprocessor,
    private readonly sink: DiagnosticSink,
    /**
     * End the parser's stream at the first preprocessor error: a compile drops the parse then
     * (as it never parsed after preprocessor errors), so the rest is not worth parsing.
     */
    private readonly stopOnError: boolean,
  ) {}

  fill(out: Token[]): boolean {
    if (this.stopOnError && this.newError()) {
      // Where it stands does not matter: after a preprocessor error the parse is dropped.
      out.push(makeToken('eof', '', NO_PLACE, false, true));
      return true;
    }
    this.ended = this.pp.output(out);
    return this.ended;
  }

  /** Runs the preprocessor to the end of its output; the files read, all of them. */
  finish(): string[] {
    const scratch: Token[] = [];
    while (!this.ended) {
      this.ended = this.pp.output(scratch);
      scratch.length = 0;
    }
    return this.pp.files;
  }

  private newError(): boolean {
    const items = this.sink.items;
    for (; this.checked < items.length; this.checked++) if (items[this.checked]!.severity === 'error') return true;
    return false;
  }
}

// Finds the JSON objects in a model's streamed answer as each one closes.
// Asked for JSON Lines, models also answer with one array on a line, an
// array or objects pretty-printed over many lines, or all of it inside a
// ```json fence; reading whole top-level objects (braces counted outside
// strings) takes every one of those layouts, and each draft still shows
// the moment its object is complete.

export class JsonObjectSplitter {
  private pending = '';
  private depth = 0;
  /** Inside an object's opening brace, before its first key: a brace in prose is no object. */
  private opening = false;
  private inString = false;
  private escaped = false;

  /** The objects `text` completes, as their source text (parse them yourself: one may be malformed). */
  push(text: string): string[] {
    const done: string[] = [];
    for (const char of text) {
      if (this.opening && !/\s/u.test(char)) {
        this.opening = false;
        // An object starts with its first key or closes at once; "the {G00} code" does neither.
        if (char !== '"' && char !== '}') this.depth = 0;
      }
      if (this.depth === 0) {
        if (char === '{') {
          this.depth = 1;
          this.opening = true;
          this.pending = char;
        }
        continue; // prose, brackets, commas and fences between objects
      }
      this.pending += char;
      if (this.inString) {
        if (this.escaped) this.escaped = false;
        else if (char === '\\') this.escaped = true;
        else if (char === '"') this.inString = false;
      } else if (char === '"') this.inString = true;
      else if (char === '{') this.depth += 1;
      else if (char === '}' && --this.depth === 0) {
        done.push(this.pending);
        this.pending = '';
      }
    }
    return done;
  }

  /** An object the answer began and never closed (cut off), or null. */
  unfinished(): string | null {
    return this.depth > 0 && !this.opening ? this.pending : null;
  }
}
